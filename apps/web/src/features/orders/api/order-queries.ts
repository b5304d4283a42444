import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { OrderListState } from '@sq/contract/orders/order-rules';
import { getOrderCall, listMyOrdersCall } from '@sq/contract/orders/calls';
import { callApi } from '../../../lib/api-client';

export const orderKeys = {
  all: ['orders'] as const,
  mine: (state: OrderListState) => ['orders', 'mine', state] as const,
  one: (id: string) => ['orders', 'one', id] as const,
};

/** The caller's orders in `state`, page by page (newest first); every page carries the counts. */
export function useMyOrders(state: OrderListState) {
  return useInfiniteQuery({
    queryKey: orderKeys.mine(state),
    retry: false,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listMyOrdersCall, { state, cursor: pageParam }, { signal, silent: true }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.one(id), enabled: Boolean(id), retry: false, queryFn: ({ signal }) => callApi(getOrderCall, { id }, { signal, silent: true }) });
}
