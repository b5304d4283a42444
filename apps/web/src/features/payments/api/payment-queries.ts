import { useMutation, useQuery } from '@tanstack/react-query';
import { getPaymentCall, startPaymentCall } from '@sq/contract/payments/calls';
import { PAY_POLL_MS, type PayChannel } from '@sq/contract/payments/pay-rules';
import { callApi } from '../../../lib/api-client';

export const paymentKeys = { one: (id: string) => ['payments', id] as const };

/** The order's payment; asked again every few seconds while `waiting` and still unpaid (the server asks WeChat Pay when the notice is late). */
export function usePayment(id: string, waiting: boolean) {
  return useQuery({
    queryKey: paymentKeys.one(id),
    queryFn: ({ signal }) => callApi(getPaymentCall, { id }, { signal, silent: true }),
    retry: false,
    refetchInterval: (q) => (waiting && q.state.data?.payment.status === 'unpaid' ? PAY_POLL_MS : false),
  });
}

export function useStartPayment(id: string) {
  return useMutation({ mutationFn: (channel: PayChannel) => callApi(startPaymentCall, { id, channel }) });
}
