import type { Locator, Page } from 'playwright-core';

/** /errcon: the correction / add-info form. */
export class CorrectionForm {
  readonly phone: Locator;
  readonly name: Locator;
  readonly address: Locator;
  readonly mapLocation: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByPlaceholder('如：某某物业服务中心');
    this.phone = page.getByPlaceholder('如：010-64701234');
    this.address = page.getByPlaceholder('如：3号楼一层东侧');
    this.mapLocation = page.locator('.adm-form-item').filter({ hasText: '地图位置' });
    this.submit = page.getByRole('button', { name: '提交' });
  }
}

/** /map: the Leaflet picker. */
export class MapPicker {
  readonly search: Locator;
  readonly map: Locator;
  readonly address: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByPlaceholder('请输入要搜索的内容');
    this.map = page.getByRole('application', { name: '地图，点击选择位置' });
    this.address = page.getByTestId('picked-address');
    this.confirm = page.getByRole('button', { name: '确定' });
  }
}
