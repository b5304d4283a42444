import { useQuery } from '@tanstack/react-query';
import { unreadNotificationsCall } from '@sq/contract/notifications/unread-notifications';
import { callApi } from '../../../lib/api-client';

export const noticesKey = ['notifications'] as const;

/** The badge: asked on page loads, on returning to the page, and every half minute while it is open. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...noticesKey, 'unread'],
    queryFn: ({ signal }) => callApi(unreadNotificationsCall, undefined, { signal, silent: true }),
    enabled,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}
