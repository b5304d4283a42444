import type { Locator, Page } from 'playwright-core';

/** 通行证 (/pcheck), as the resident sees it at the gate. */
export class PassPage {
  readonly title: Locator;
  readonly qr: Locator;
  readonly scanned: Locator;
  readonly offline: Locator;
  readonly clock: Locator;

  constructor(readonly page: Page) {
    this.title = page.locator('.pass-nav-title');
    this.qr = page.getByRole('img', { name: '通行证二维码' });
    this.scanned = page.getByTestId('pass-scanned');
    this.offline = page.locator('.pass-offline');
    this.clock = page.getByTestId('live-clock');
  }

  async open(poiId: string, state: 1 | 2 = 1) {
    await this.page.goto(`/pcheck?poiId=${poiId}&state=${state}`);
  }

  /** The address the QR code encodes (what the duty staff's scanner opens). */
  async qrAddress(): Promise<string> {
    const value = await this.qr.getAttribute('data-value');
    if (!value) throw new Error('the pass shows no QR code');
    return value;
  }
}
