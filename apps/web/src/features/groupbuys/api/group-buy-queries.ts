import { useQuery } from '@tanstack/react-query';
import {
  getGroupBuyCall,
  listGroupBuysCall,
  listLeaderApplicationsCall,
  listManagedGroupBuysCall,
  listMyGroupBuysCall,
  listMyLeadersCall,
  listMySellersCall,
} from '@sq/contract/groupbuys/calls';
import { callApi } from '../../../lib/api-client';

export const groupBuyKeys = {
  all: ['groupbuys'] as const,
  list: (poiId: string) => ['groupbuys', 'list', poiId] as const,
  one: (id: string, leader: string | null) => ['groupbuys', 'one', id, leader] as const,
  leaders: ['groupbuys', 'leaders', 'mine'] as const,
  applications: (poiId: string) => ['groupbuys', 'applications', poiId] as const,
  managed: (poiId: string) => ['groupbuys', 'managed', poiId] as const,
  sellers: ['groupbuys', 'sellers'] as const,
  mine: ['groupbuys', 'mine'] as const,
};

/** /salemore: the community's group buys on sale and coming. */
export function useGroupBuys(poiId: string | null) {
  return useQuery({
    queryKey: groupBuyKeys.list(poiId ?? ''),
    enabled: Boolean(poiId),
    retry: false,
    queryFn: ({ signal }) => callApi(listGroupBuysCall, { poiId: poiId! }, { signal, silent: true }),
  });
}

/** /salemore?id=: one group buy, with a share link's 团长 (?leader=). */
export function useGroupBuy(id: string, leader: string | null) {
  return useQuery({
    queryKey: groupBuyKeys.one(id, leader),
    enabled: Boolean(id),
    retry: false,
    queryFn: ({ signal }) => callApi(getGroupBuyCall, { id, ...(leader ? { leader } : {}) }, { signal, silent: true }),
  });
}

export function useMyLeaders() {
  return useQuery({ queryKey: groupBuyKeys.leaders, retry: false, queryFn: ({ signal }) => callApi(listMyLeadersCall, undefined, { signal, silent: true }) });
}

export function useLeaderApplications(poiId: string | null) {
  return useQuery({
    queryKey: groupBuyKeys.applications(poiId ?? ''),
    enabled: Boolean(poiId),
    retry: false,
    queryFn: ({ signal }) => callApi(listLeaderApplicationsCall, { poiId: poiId! }, { signal, silent: true }),
  });
}

export function useManagedGroupBuys(poiId: string | null) {
  return useQuery({
    queryKey: groupBuyKeys.managed(poiId ?? ''),
    enabled: Boolean(poiId),
    retry: false,
    queryFn: ({ signal }) => callApi(listManagedGroupBuysCall, { poiId: poiId! }, { signal, silent: true }),
  });
}

export function useMySellers() {
  return useQuery({ queryKey: groupBuyKeys.sellers, retry: false, queryFn: ({ signal }) => callApi(listMySellersCall, undefined, { signal, silent: true }) });
}

export function useMyGroupBuys() {
  return useQuery({ queryKey: groupBuyKeys.mine, retry: false, queryFn: ({ signal }) => callApi(listMyGroupBuysCall, undefined, { signal, silent: true }) });
}
