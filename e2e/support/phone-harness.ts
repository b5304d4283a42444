import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startListeningApp, type ListeningApp } from '@sq/server/test/support/listening-app';
import type { PaymentsPort } from '@sq/server/modules/payments/port';
import { launchBrowser } from './browser';
import { Phones } from './phones';

export interface PhoneHarness {
  server: ListeningApp;
  browser: Browser;
  phones: Phones;
}

/**
 * The hooks a browser spec needs: the real app and Chromium for the file, and after each test a
 * check that no page logged a script error or a CSP violation – a defect even when the page
 * still looks right. Read the fields inside tests (they are set in beforeAll).
 */
export function usePhoneHarness(env: Record<string, string> = {}, opts: { payments?: PaymentsPort } = {}): PhoneHarness {
  const h = {} as PhoneHarness;
  beforeAll(async () => {
    [h.server, h.browser] = await Promise.all([startListeningApp({ env, payments: opts.payments }), launchBrowser()]);
    h.phones = new Phones(h.server, h.browser);
  });
  afterAll(async () => {
    await h.browser?.close();
    await h.server?.close();
  });
  afterEach(() => {
    expect(h.phones.problems.splice(0)).toEqual([]);
  });
  return h;
}
