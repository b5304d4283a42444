import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ListeningApp } from '@sq/server/test/support/listening-app';
import { phoneContext } from './browser';

export interface Answer<T> {
  code: number;
  message: string;
  data: T;
}

/**
 * Logged-in phones for the browser tests. A mobile may ask for an SMS code once a minute, so
 * each mobile logs in once per server and every context opened for it reuses the token.
 */
export class Phones {
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

  /** A new phone logged in as `mobile` (or with a given raw token), collecting page errors and CSP violations. */
  async phone(mobile: string, rawToken?: string, serviceWorkers: 'allow' | 'block' = 'block'): Promise<{ context: BrowserContext; page: Page }> {
    const token = rawToken ?? (await this.token(mobile));
    const context = await phoneContext(this.browser, this.server.origin, undefined, serviceWorkers);
    await context.addInitScript(
      ([t, m]) => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('token', t);
          localStorage.setItem('userMobile', m);
        }
      },
      [token, mobile] as const,
    );
    return { context, page: await this.watched(context, mobile) };
  }

  /** A phone with no account (an invited visitor opening their SMS link), watched the same way. */
  async anonymous(serviceWorkers: 'allow' | 'block' = 'block'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await phoneContext(this.browser, this.server.origin, undefined, serviceWorkers);
    return { context, page: await this.watched(context, 'no account') };
  }

  private async watched(context: BrowserContext, who: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (e) => this.problems.push(`${who} pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) this.problems.push(`${who} console: ${m.text()}`);
    });
    return page;
  }

  /** Calls the API as `mobile` for set-up steps the test is not about (POST body or GET query). */
  async api<T = Record<string, unknown>>(mobile: string, path: string, body: Record<string, unknown>, method: 'GET' | 'POST' = 'POST'): Promise<Answer<T>> {
    const token = await this.token(mobile);
    const url = new URL(path, this.server.origin);
    if (method === 'GET') for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
    const res = await fetch(url, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json', token } : { token },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Answer<T>;
  }
}

export function toast(page: Page, text: string) {
  return page.locator('.adm-toast-main').filter({ hasText: text });
}
