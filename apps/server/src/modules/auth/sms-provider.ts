import type { FastifyBaseLogger } from 'fastify';
import { maskMobile } from '@sq/contract/rules';

export interface SmsProvider {
  /** `log` hands the code back to the caller so development needs no phone (DESIGN.md §5). */
  readonly revealsCode: boolean;
  send(mobile: string, code: string): Promise<void>;
}

export class SmsDeliveryError extends Error {}

/** Development: the code goes to the server log (mobile masked) and back in the response. */
export function logSmsProvider(log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    revealsCode: true,
    async send(mobile, code) {
      log.info({ sms: { to: maskMobile(mobile) } }, `SMS login code ${code} (log provider: not sent)`);
    },
  };
}

/** Production: an SMS gateway behind a webhook receives `{mobile, code}` as JSON. */
export function webhookSmsProvider(url: string, timeoutMs = 5000): SmsProvider {
  return {
    revealsCode: false,
    async send(mobile, code) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mobile, code }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        throw new SmsDeliveryError(`SMS webhook unreachable: ${(e as Error).name}`);
      }
      if (!res.ok) throw new SmsDeliveryError(`SMS webhook answered ${res.status}`);
    },
  };
}
