import { describe, expect, it } from 'vitest';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';
import { smallTargets } from './support/targets';

const POI = 'DEMO000001';
const ADMIN = '13800000001';
const RESIDENT = '13800000004';

const h = usePhoneHarness();

/** The screens whose last small targets issue 32 item 14 named, each with what must be measured. */
const SCREENS: { who: string; path: string; ready: string; targets: RegExp; prepare?: (page: import('playwright-core').Page) => Promise<void> }[] = [
  { who: RESIDENT, path: '/around?type=5', ready: '电话', targets: /去这里|电话/ },
  { who: ADMIN, path: `/records?poiId=${POI}`, ready: '搜索', targets: /搜索/ },
  { who: ADMIN, path: `/zqzmg?poiId=${POI}`, ready: '删除', targets: /删除/ },
  // Its rows (name, the two counts, 执勤者管理) and 退出登录; the shared header is not this item's.
  { who: ADMIN, path: '/gllist', ready: '执勤者管理', targets: /gl-/ },
  {
    who: RESIDENT,
    path: '/svote?title=创建单选投票',
    ready: '添加选项',
    targets: /删除选项/,
    prepare: async (page) => {
      await page.getByText('添加选项').first().click();
    },
  },
  { who: RESIDENT, path: '/no-such-page', ready: '返回首页', targets: /返回首页/ },
];

describe('the named small targets reach a finger’s width (issue 32 item 14)', () => {
  for (const elder of [false, true]) {
    const min = elder ? 60 : 44;
    for (const screen of SCREENS) {
      it(`${screen.path}: ${String(screen.targets)} at least ${min} px${elder ? ' in 长辈模式' : ''}`, async () => {
        const { context, page } = await h.phones.phone(screen.who);
        if (elder) await context.addInitScript(() => localStorage.setItem('elderMode', '1'));
        await page.goto(screen.path);
        await page.getByText(screen.ready).first().waitFor();
        await screen.prepare?.(page);
        await page.waitForTimeout(300);
        const small = (await smallTargets(page, min)).filter((s) => screen.targets.test(s.what));
        await page.screenshot({ path: artifactPath(`targets${elder ? '-elder' : ''}${screen.path.split('?')[0]!.replaceAll('/', '-')}.png`) });
        expect(small, JSON.stringify(small)).toEqual([]);
        await context.close();
      });
    }
  }
});
