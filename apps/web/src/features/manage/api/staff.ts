import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addStaffCall } from '@sq/contract/manage/add-staff';
import { deleteStaffCall } from '@sq/contract/manage/delete-staff';
import { listStaffCall } from '@sq/contract/manage/list-staff';
import { callApi } from '../../../lib/api-client';

/**
 * GET /v1/communityManager: the caller's role here and the staff list. Every management screen
 * reads the role from it, so it doubles as the "may I be here" check (403 for outsiders).
 */
export const staffQuery = (poiId: string) =>
  queryOptions({
    queryKey: ['manage', 'staff', poiId],
    queryFn: ({ signal }) => callApi(listStaffCall, { poiId }, { signal, silent: true }),
  });

export function useStaff(poiId: string) {
  return useQuery({ ...staffQuery(poiId), enabled: poiId !== '' });
}

export interface AddStaffInput {
  poiId: string;
  name: string;
  mobile: string;
  level?: 1 | 2;
}

/** 添加执勤者: the server's refusals (not registered, already staff) are toasted by callApi. */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddStaffInput) => callApi(addStaffCall, input),
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: staffQuery(input.poiId).queryKey }),
  });
}

export function useDeleteStaff(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (openId: string) => callApi(deleteStaffCall, { poiId, openId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQuery(poiId).queryKey }),
  });
}
