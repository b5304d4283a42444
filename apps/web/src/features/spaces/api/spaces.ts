import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookSpaceCall,
  cancelBookingCall,
  getSpaceDayCall,
  listDayBookingsCall,
  listManagedSpacesCall,
  listMyBookingsCall,
  listSpacesCall,
  reviewBookingCall, cancelBookingByStaffCall,
  saveSpaceCall,
} from '@sq/contract/spaces/calls';
import type { EndpointBody } from '@sq/contract/endpoint';
import { callApi } from '../../../lib/api-client';

export const spaceKeys = {
  all: ['spaces'] as const,
  list: (poiId: string | null) => ['spaces', 'list', poiId] as const,
  day: (id: string, date: string | null) => ['spaces', 'day', id, date] as const,
  mine: (poiId: string | null) => ['spaces', 'mine', poiId] as const,
  managed: (poiId: string) => ['spaces', 'managed', poiId] as const,
  bookings: (poiId: string, date: string, pending: boolean) => ['spaces', 'bookings', poiId, date, pending] as const,
};

// Silent: the pages say in place why a list cannot be shown (the server's words).
const quiet = (signal: AbortSignal) => ({ signal, silent: true });

export const useSpaces = (poiId: string | null) =>
  useQuery({ queryKey: spaceKeys.list(poiId), queryFn: ({ signal }) => callApi(listSpacesCall, { poiId: poiId! }, quiet(signal)), enabled: Boolean(poiId), retry: false });

export const useSpaceDay = (id: string, date: string | null) =>
  useQuery({ queryKey: spaceKeys.day(id, date), queryFn: ({ signal }) => callApi(getSpaceDayCall, { id, date: date ?? undefined }, quiet(signal)), retry: false });

export const useMyBookings = (poiId: string | null) =>
  useQuery({ queryKey: spaceKeys.mine(poiId), queryFn: ({ signal }) => callApi(listMyBookingsCall, { poiId: poiId! }, quiet(signal)), enabled: Boolean(poiId), retry: false });

/** Booking and cancelling answer with a refusal's words in place (the page shows them), so silent too. */
export function useBook(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof bookSpaceCall>) => callApi(bookSpaceCall, { id, ...body }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}

export function useCancelBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(cancelBookingCall, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}

export const useManagedSpaces = (poiId: string) =>
  useQuery({ queryKey: spaceKeys.managed(poiId), queryFn: ({ signal }) => callApi(listManagedSpacesCall, { poiId }, quiet(signal)), enabled: poiId !== '', retry: false });

export const useDayBookings = (poiId: string, date: string, pending: boolean) =>
  useQuery({
    queryKey: spaceKeys.bookings(poiId, date, pending),
    queryFn: ({ signal }) => callApi(listDayBookingsCall, { poiId, date, pending: pending ? '1' : undefined }, quiet(signal)),
    enabled: poiId !== '',
    retry: false,
  });

export function useSaveSpace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof saveSpaceCall>) => callApi(saveSpaceCall, body),
    onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}

export function useReviewBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof reviewBookingCall>) => callApi(reviewBookingCall, body),
    onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}

export function useCancelBookingByStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof cancelBookingByStaffCall>) => callApi(cancelBookingByStaffCall, body),
    onSettled: () => client.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}
