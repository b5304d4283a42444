import { callOf } from '../endpoint';
import type { checkIn, checkInByCode, doorCheckIn, getCheckinKit, getDoorCode, sendOfflineCheckins } from './checkin';
import type { cancelEvent, createEvent, editEvent, eventStats, getEvent, getEventSettings, listEventKinds, listEventProposals, listEvents, reviewEvent, saveEventSettings, searchEvents } from './events';
import type { addWalkIn, cancelSignup, listMyEvents, listSignups, signUp } from './signups';

/** 社区活动's calls, free of zod (see polls/calls.ts for why): the event pages' first load carries none. */
export const listEventsCall = callOf<typeof listEvents>('GET', '/v1/events');
export const searchEventsCall = callOf<typeof searchEvents>('GET', '/v1/events/search');
export const listEventKindsCall = callOf<typeof listEventKinds>('GET', '/v1/events/kinds');
export const listMyEventsCall = callOf<typeof listMyEvents>('GET', '/v1/events/mine');
export const getEventSettingsCall = callOf<typeof getEventSettings>('GET', '/v1/events/settings');
export const getEventCall = callOf<typeof getEvent>('GET', '/v1/events/:id');
export const createEventCall = callOf<typeof createEvent>('POST', '/v1/events');
export const editEventCall = callOf<typeof editEvent>('POST', '/v1/events/:id/edit');
export const cancelEventCall = callOf<typeof cancelEvent>('POST', '/v1/events/:id/cancel');
export const signUpCall = callOf<typeof signUp>('POST', '/v1/events/:id/signup');
export const cancelSignupCall = callOf<typeof cancelSignup>('POST', '/v1/events/:id/signup/cancel');
export const doorCheckInCall = callOf<typeof doorCheckIn>('POST', '/v1/events/:id/door-checkin');
export const listEventProposalsCall = callOf<typeof listEventProposals>('GET', '/v1/manage/events/proposals');
export const reviewEventCall = callOf<typeof reviewEvent>('POST', '/v1/manage/events/review');
export const saveEventSettingsCall = callOf<typeof saveEventSettings>('POST', '/v1/manage/events/settings');
export const eventStatsCall = callOf<typeof eventStats>('GET', '/v1/manage/events/stats');
export const listSignupsCall = callOf<typeof listSignups>('GET', '/v1/manage/events/:id/signups');
export const addWalkInCall = callOf<typeof addWalkIn>('POST', '/v1/manage/events/:id/walkin');
export const checkInCall = callOf<typeof checkIn>('POST', '/v1/manage/events/:id/checkin');
export const getCheckinKitCall = callOf<typeof getCheckinKit>('GET', '/v1/manage/events/:id/checkin-kit');
export const sendOfflineCheckinsCall = callOf<typeof sendOfflineCheckins>('POST', '/v1/manage/events/:id/checkins');
export const getDoorCodeCall = callOf<typeof getDoorCode>('GET', '/v1/manage/events/:id/door');
export const checkInByCodeCall = callOf<typeof checkInByCode>('POST', '/v1/manage/events/checkin-by-code');
