import { useQuery } from '@tanstack/react-query';
import type { OrderListState } from '@sq/contract/orders/order-rules';
import { getOrderCall, listMyOrdersCall } from '@sq/contract/orders/calls';
import { callApi } from '../../../lib/api-client';

export const orderKeys = {
  all: ['orders'] as const,
  mine: (state: OrderListState) => ['orders', 'mine', state] as const,
  one: (id: string) => ['orders', 'one', id] as const,
};

export function useMyOrders(state: OrderListState) {
  return useQuery({ queryKey: orderKeys.mine(state), retry: false, queryFn: ({ signal }) => callApi(listMyOrdersCall, { state }, { signal, silent: true }) });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.one(id), enabled: Boolean(id), retry: false, queryFn: ({ signal }) => callApi(getOrderCall, { id }, { signal, silent: true }) });
}
