import { useQuery } from '@tanstack/react-query';
import { getPickupDayListCall, listMyPickupsCall, listMySellersCall } from '@sq/contract/pickup/calls';
import { listSellerRefundsCall } from '@sq/contract/refunds/calls';
import { callApi } from '../../../lib/api-client';

export const pickupKeys = {
  sellers: ['pickup', 'sellers'] as const,
  mine: ['pickup', 'mine'] as const,
  list: (sellerId: string) => ['pickup', 'list', sellerId] as const,
  refunds: (sellerId: string) => ['pickup', 'refunds', sellerId] as const,
};

export const useMySellers = () => useQuery({ queryKey: pickupKeys.sellers, queryFn: ({ signal }) => callApi(listMySellersCall, undefined, { signal, silent: true }) });
export const useMyPickups = (enabled: boolean) => useQuery({ queryKey: pickupKeys.mine, enabled, queryFn: ({ signal }) => callApi(listMyPickupsCall, undefined, { signal }) });
export const useDayList = (sellerId: string) => useQuery({ queryKey: pickupKeys.list(sellerId), queryFn: ({ signal }) => callApi(getPickupDayListCall, { id: sellerId }, { signal }) });
export const useSellerRefunds = (sellerId: string) =>
  useQuery({ queryKey: pickupKeys.refunds(sellerId), retry: false, queryFn: ({ signal }) => callApi(listSellerRefundsCall, { id: sellerId }, { signal, silent: true }) });
