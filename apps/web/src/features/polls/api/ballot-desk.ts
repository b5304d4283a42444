import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enterPaperBallotCall, getBallotDeskCall, recordWrittenProxyCall, voidPaperBallotCall, withdrawWrittenProxyCall } from '@sq/contract/polls/paper-proxy-calls';
import { callApi } from '../../../lib/api-client';
import { pollQueryKey } from './get-poll';

const deskKey = (id: string) => ['polls', 'desk', id];

/** 票务台: the roll's homes, paper ballots, proxies and refused ballots (administrators and managers). */
export function useBallotDesk(id: string) {
  return useQuery({ queryKey: deskKey(id), queryFn: ({ signal }) => callApi(getBallotDeskCall, { id }, { signal }), enabled: id !== '' });
}

/** 录入纸质票, 作废纸质票, 录入书面委托 and 撤销书面委托: each reloads the desk and the vote. */
export function useDeskWrites(id: string) {
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: deskKey(id) });
    void queryClient.invalidateQueries({ queryKey: pollQueryKey(id) });
  };
  return {
    paper: useMutation({ mutationFn: (b: { unitId: string; option: string; photo: string }) => callApi(enterPaperBallotCall, { id, ...b }), onSettled: reload }),
    voidPaper: useMutation({ mutationFn: (b: { unitId: string; reason: string }) => callApi(voidPaperBallotCall, { id, ...b }), onSettled: reload }),
    written: useMutation({ mutationFn: (b: { unitId: string; mobile: string; photo: string }) => callApi(recordWrittenProxyCall, { id, ...b }), onSettled: reload }),
    withdrawWritten: useMutation({ mutationFn: (b: { unitId: string; reason: string }) => callApi(withdrawWrittenProxyCall, { id, ...b }), onSettled: reload }),
  };
}
