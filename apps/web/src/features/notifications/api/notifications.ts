import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '@sq/contract/notifications/kinds';
import {
  getNotificationSettingsCall,
  listNotificationsCall,
  readNotificationsCall,
  saveNotificationSettingCall,
} from '@sq/contract/notifications/notifications';
import { callApi } from '../../../lib/api-client';
import { noticesKey } from './unread';

/** 消息, newest first, page by page. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: [...noticesKey, 'list'],
    queryFn: ({ pageParam, signal }) => callApi(listNotificationsCall, { page: pageParam }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.more ? pages.length + 1 : undefined),
  });
}

/** Marks some (or, without ids, all) read; the list and the badge follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => callApi(readNotificationsCall, ids ? { ids } : {}, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: [...noticesKey, 'settings'],
    queryFn: ({ signal }) => callApi(getNotificationSettingsCall, undefined, { signal, silent: true }),
  });
}

export function useSaveNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: { kind: NotificationKind; enabled: boolean; hours?: number }) => callApi(saveNotificationSettingCall, s),
    onSuccess: (answer) => queryClient.setQueryData([...noticesKey, 'settings'], answer),
  });
}
