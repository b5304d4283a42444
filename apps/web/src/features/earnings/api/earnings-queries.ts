import { useQuery } from '@tanstack/react-query';
import { getEarningsCall, listMyLeadershipsCall } from '@sq/contract/earnings/calls';
import { callApi } from '../../../lib/api-client';

export const useMyLeaderships = () => useQuery({ queryKey: ['earnings', 'leaders'], queryFn: ({ signal }) => callApi(listMyLeadershipsCall, undefined, { signal }) });
export const useEarnings = (leaderId: string | undefined) =>
  useQuery({ queryKey: ['earnings', leaderId], enabled: !!leaderId, queryFn: ({ signal }) => callApi(getEarningsCall, { id: leaderId! }, { signal }) });
