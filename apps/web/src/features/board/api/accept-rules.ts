import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptBoardRulesCall } from '@sq/contract/board/calls';
import { callApi } from '../../../lib/api-client';
import { boardKeys } from './board-keys';

/** 同意: asked once, before a first post. Apart from rules.ts, which /stick's first load carries. */
export function useAcceptRules(poiId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(acceptBoardRulesCall, { poiId: poiId! }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: boardKeys.rules(poiId) }),
  });
}
