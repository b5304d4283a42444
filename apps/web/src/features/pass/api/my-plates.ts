import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addMyPlateCall, listMyPlatesCall, removeMyPlateCall } from '@sq/contract/vehicles/my-plates';
import { callApi } from '../../../lib/api-client';

const key = (poiId: string) => ['pass', 'plates', poiId];

/** 我的车辆: the plates registered with the person's registration here. */
export function useMyPlates(poiId: string) {
  return useQuery({ queryKey: key(poiId), queryFn: ({ signal }) => callApi(listMyPlatesCall, { poiId }, { signal, silent: true }) });
}

export function useChangePlates(poiId: string) {
  const queryClient = useQueryClient();
  const done = (data: { plates: string[] }) => queryClient.setQueryData(key(poiId), data);
  return {
    add: useMutation({ mutationFn: (plate: string) => callApi(addMyPlateCall, { poiId, plate }), onSuccess: done }),
    remove: useMutation({ mutationFn: (plate: string) => callApi(removeMyPlateCall, { poiId, plate }), onSuccess: done }),
  };
}
