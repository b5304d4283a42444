import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { RegistrationMsg } from './registration-rules';

// The message is looked up inside: a property read at the call would keep this schema in bundles
// that never use it (docs/decisions/web-performance.md, "zod out of the first load").
const text = /*#__NO_SIDE_EFFECTS__*/ (message: keyof typeof RegistrationMsg) =>
  z.union([z.string(), z.number()], { error: RegistrationMsg[message] }).optional();

/**
 * 登记 (spec §7 POST /v1/userCard). The shape only checks types; the rules and their order live
 * in `checkRegistration`, which the form runs too. `import=1` is staff registering someone else.
 */
export const submitRegistration = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard',
  summary: '提交或重新提交出入登记',
  body: z.object({
    poiId: ZPoiId,
    name: text('name'),
    mobile: text('mobile'),
    /** 证件类型; absent (the native shells) means a mainland ID card. */
    cardType: text('cardType'),
    card: text('card'),
    /** 国籍 of a passport holder, ISO 3166 alpha-2 (CN, US, JP…). */
    nationality: text('nationality'),
    owner: text('owner'),
    address: text('address'),
    expire_time: text('tenantEnd'),
    company: text('company'),
    other: text('reason'),
    isReturn: text('isReturn'),
    return_date: text('returnDate'),
    wuhan: text('returnFrom'),
    vehicle: text('vehicle'),
    backup: text('tooLong'),
    No: text('tooLong'),
    import: z.union([z.literal(1), z.literal('1'), z.literal(0), z.literal('0')]).optional(),
    /** 1: the person ticked their agreement to the privacy notice (privacy/notice.ts) on the form. */
    consent: z.union([z.literal(1), z.literal('1'), z.literal(0), z.literal('0')]).optional(),
  }),
  data: z.object({ _id: z.string(), status: z.number().int() }),
});
export const submitRegistrationCall = callOf<typeof submitRegistration>('POST', '/v1/userCard');
