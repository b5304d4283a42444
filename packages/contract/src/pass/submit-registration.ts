import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { RegistrationMsg } from './registration-rules';

const text = (message: string) => z.union([z.string(), z.number()], { error: message }).optional();

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
    name: text(RegistrationMsg.name),
    mobile: text(RegistrationMsg.mobile),
    card: text(RegistrationMsg.card),
    owner: text(RegistrationMsg.owner),
    address: text(RegistrationMsg.address),
    expire_time: text(RegistrationMsg.tenantEnd),
    company: text(RegistrationMsg.company),
    other: text(RegistrationMsg.reason),
    isReturn: text(RegistrationMsg.isReturn),
    return_date: text(RegistrationMsg.returnDate),
    wuhan: text(RegistrationMsg.returnFrom),
    vehicle: text(RegistrationMsg.vehicle),
    backup: text(RegistrationMsg.tooLong),
    No: text(RegistrationMsg.tooLong),
    import: z.union([z.literal(1), z.literal('1'), z.literal(0), z.literal('0')]).optional(),
  }),
  data: z.object({ _id: z.string(), status: z.number().int() }),
});
