import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logVehicleCall, searchVehicleCall } from '@sq/contract/vehicles/gate-vehicles';
import { callApi } from '../../../lib/api-client';

/** 车辆进出: look a plate up in the community. */
export function useSearchVehicle(poiId: string) {
  return useMutation({ mutationFn: (plate: string) => callApi(searchVehicleCall, { poiId, plate }) });
}

/** Records the car entering (1) or leaving (2); the entry log shows it next time it loads. */
export function useLogVehicle(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { plate: string; pass: 1 | 2 }) => callApi(logVehicleCall, { poiId, ...v }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['manage', 'entryLogs', poiId] }),
  });
}
