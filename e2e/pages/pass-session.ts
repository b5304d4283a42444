import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ListeningApp } from '@sq/server/test/support/listening-app';
import { phoneContext } from '../support/browser';

/**
 * Logged-in phones for the pass tests. A mobile may ask for an SMS code once a minute, so each
 * mobile logs in once per server and its token is reused by every context opened for it.
 */
export class PassSessions {
  private readonly tokens = new Map<string, Promise<string>>();
  readonly problems: string[] = [];

  constructor(
    private readonly server: ListeningApp,
    private readonly browser: Browser,
  ) {}

  token(mobile: string): Promise<string> {
    let token = this.tokens.get(mobile);
    if (!token) {
      token = this.server.login(mobile);
      this.tokens.set(mobile, token);
    }
    return token;
  }

  /** A new phone logged in as `mobile`, whose page errors and CSP violations are collected. */
  async phone(mobile: string): Promise<{ context: BrowserContext; page: Page }> {
    const token = await this.token(mobile);
    const context = await phoneContext(this.browser, this.server.origin);
    await context.addInitScript(
      ([t, m]) => {
        if (!localStorage.getItem('token')) {
          localStorage.setItem('token', t);
          localStorage.setItem('userMobile', m);
        }
      },
      [token, mobile] as const,
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => this.problems.push(`${mobile} pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) this.problems.push(`${mobile} console: ${m.text()}`);
    });
    return { context, page };
  }

  /** Calls the API as `mobile` (for set-up steps the test is not about). */
  async api<T = Record<string, unknown>>(mobile: string, path: string, body: object): Promise<{ code: number; message: string; data: T }> {
    const token = await this.token(mobile);
    const res = await fetch(this.server.origin + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, token }),
    });
    return (await res.json()) as { code: number; message: string; data: T };
  }
}

export function toast(page: Page, text: string) {
  return page.locator('.adm-toast-main').filter({ hasText: text });
}
