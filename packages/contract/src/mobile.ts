import { z } from 'zod';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID, MSG_MOBILE_REQUIRED } from './rules';

/**
 * A mobile number as typed: surrounding spaces are forgiven, anything else is refused. In a module
 * of its own, like ZPoiId: the first-load screens import rules.ts (mobile pattern, masking), and a
 * chained schema there is kept with zod (85 KB) wherever any form uses it.
 */
export const ZMobile = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MSG_MOBILE_REQUIRED : MSG_MOBILE_INVALID) })
  .trim()
  .min(1, MSG_MOBILE_REQUIRED)
  .regex(MOBILE_PATTERN, MSG_MOBILE_INVALID);
