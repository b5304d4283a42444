import { callOf } from '../endpoint';
import type { bookSpace, cancelBooking, getSpaceDay, listDayBookings, listManagedSpaces, listMyBookings, listSpaces, reviewBooking, cancelBookingByStaff, saveSpace } from './spaces';

/** 场地预约's calls, free of zod (see polls/calls.ts for why). */
export const listSpacesCall = callOf<typeof listSpaces>('GET', '/v1/spaces');
export const listMyBookingsCall = callOf<typeof listMyBookings>('GET', '/v1/spaces/bookings/mine');
export const getSpaceDayCall = callOf<typeof getSpaceDay>('GET', '/v1/spaces/:id');
export const bookSpaceCall = callOf<typeof bookSpace>('POST', '/v1/spaces/:id/book');
export const cancelBookingCall = callOf<typeof cancelBooking>('POST', '/v1/spaces/bookings/:id/cancel');
export const saveSpaceCall = callOf<typeof saveSpace>('POST', '/v1/manage/spaces/save');
export const listManagedSpacesCall = callOf<typeof listManagedSpaces>('GET', '/v1/manage/spaces');
export const listDayBookingsCall = callOf<typeof listDayBookings>('GET', '/v1/manage/spaces/bookings');
export const reviewBookingCall = callOf<typeof reviewBooking>('POST', '/v1/manage/spaces/bookings/review');
export const cancelBookingByStaffCall = callOf<typeof cancelBookingByStaff>('POST', '/v1/manage/spaces/bookings/cancel');
