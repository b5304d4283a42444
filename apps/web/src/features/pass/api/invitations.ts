import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelInvitationCall, inviteVisitorCall, listMyInvitationsCall } from '@sq/contract/visits/invitations';
import { getVisitorPassCall, giveVisitorDocumentCall } from '@sq/contract/visits/visitor-pass';
import type { EndpointBody } from '@sq/contract/endpoint';
import { callApi } from '../../../lib/api-client';

const mineKey = (poiId: string) => ['visits', 'mine', poiId];

/** 我邀请的访客, with the day's remaining invitations and whether the person may invite here. */
export function useMyInvitations(poiId: string) {
  return useQuery({ queryKey: mineKey(poiId), queryFn: ({ signal }) => callApi(listMyInvitationsCall, { poiId }, { signal, silent: true }), enabled: poiId !== '' });
}

export function useInvite(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<EndpointBody<typeof inviteVisitorCall>, 'poiId'>) => callApi(inviteVisitorCall, { poiId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mineKey(poiId) }),
  });
}

export function useCancelInvitation(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(cancelInvitationCall, { poiId, _id: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mineKey(poiId) }),
  });
}

/**
 * The invited visitor's pass from their link (no account, no token sent). Asked again every few
 * seconds while open, so the page greets them once the gate has scanned them.
 */
export const visitorPassQuery = (token: string, direction: number) =>
  queryOptions({
    queryKey: ['visits', 'pass', token, direction],
    queryFn: ({ signal }) => callApi(getVisitorPassCall, { t: token, pass: direction }, { signal, silent: true, noLogin: true }),
    // Every 4 s while the pass may be scanned; a minute while the visit is far off; not once it is over.
    refetchInterval: (q) => {
      const visit = q.state.data?.visit;
      if (visit?.status === 'ended' || visit?.status === 'cancelled') return false;
      if (visit?.status === 'waiting' && visit.start * 1000 - Date.now() > 10 * 60_000) return 60_000;
      return 4000;
    },
    retry: 1,
  });

export function useGiveDocument(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { cardType: string; card: string; nationality: string }) => callApi(giveVisitorDocumentCall, { t: token, ...input, consent: 1 }, { noLogin: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['visits', 'pass', token] }),
  });
}
