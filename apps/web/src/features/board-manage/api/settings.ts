import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getBoardRulesCall, saveBoardRulesCall } from '@sq/contract/board/calls';
import { getContentSettingsCall, saveContentSettingsCall } from '@sq/contract/content/calls';
import type { LINK_POLICIES } from '@sq/contract/content/content-settings';
import { callApi } from '../../../lib/api-client';
import { boardManageKey } from './keys';

/** The community's own keywords and link rule (内容审核设置, shared by every kind of content). */
export function useContentSettings(poiId: string, enabled = true) {
  return useQuery({
    queryKey: [...boardManageKey(poiId), 'content-settings'],
    queryFn: ({ signal }) => callApi(getContentSettingsCall, { poiId }, { signal, silent: true }),
    enabled: poiId !== '' && enabled,
  });
}

export function useSaveContentSettings(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: { keywords: string[]; links: (typeof LINK_POLICIES)[number] }) => callApi(saveContentSettingsCall, { poiId, ...s }),
    onSuccess: (data) => queryClient.setQueryData([...boardManageKey(poiId), 'content-settings'], data),
  });
}

export function useBoardRules(poiId: string, enabled = true) {
  return useQuery({
    queryKey: [...boardManageKey(poiId), 'rules'],
    queryFn: ({ signal }) => callApi(getBoardRulesCall, { poiId }, { signal, silent: true }),
    enabled: poiId !== '' && enabled,
  });
}

/** Saves the rules text; an empty one returns the community to the default text. */
export function useSaveBoardRules(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => callApi(saveBoardRulesCall, { poiId, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardManageKey(poiId) }),
  });
}
