import { WebRoute } from '@sq/contract/routes';
import type { MySignup } from '@sq/contract/events/events';
import type { OwnSignup } from './signups-repo';
import { mySignupOf } from './views';

/** Where a notice about the event leads: its detail page. */
export const eventLink = (id: string) => `${WebRoute.eventDetail}?id=${id}`;

/** The caller's own sign-up as every card and detail shows it (views.ts, for a row that exists). */
export const ownSignupOf = (s: OwnSignup): MySignup => mySignupOf(s)!;
