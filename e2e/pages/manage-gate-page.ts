import type { Locator, Page } from 'playwright-core';

/** 小区信息 (/areamsg): the community and its two gate QR codes. */
export class ManageGatePage {
  constructor(readonly page: Page) {}

  open(poiId: string) {
    return this.page.goto(`/areamsg?poiId=${poiId}`);
  }

  card(kind: '进门二维码' | '出门二维码'): Locator {
    return this.page.getByRole('region', { name: kind });
  }

  qr(kind: '进门二维码' | '出门二维码'): Locator {
    return this.card(kind).locator('img');
  }

  button(kind: '进门二维码' | '出门二维码', label: '下载图片' | '打印海报'): Locator {
    return this.card(kind).getByRole('button', { name: label });
  }
}
