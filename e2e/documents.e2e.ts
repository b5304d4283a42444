import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { CARD_TYPE_LABEL, CARD_TYPE_MSG, type CardType } from '@sq/contract/documents/document-types';
import { idCardCheckChar } from '@sq/contract/id-card';
import { artifactPath } from './support/browser';
import { PassDetailPage } from './pages/pass-detail-page';
import { PassPage } from './pages/pass-page';
import { PassRegisterPage } from './pages/pass-register-page';
import { usePhoneHarness } from './support/phone-harness';

const POI = 'DEMO000001';
const MANAGER = '13800000002';
const DUTY = '13800000003';
const withCheck = (first17: string) => first17 + idCardCheckChar(first17);

/** One person per document: a number the check refuses, then their real one, as typed. */
const PEOPLE: { type: CardType; name: string; mobile: string; contact?: string; bad: string; good: string; shown: string }[] = [
  { type: 'id', name: '证件甲', mobile: '13900003001', bad: withCheck('11111119800101123'), good: withCheck('11022119600101123'), shown: '110221********' },
  { type: 'hmt', name: '证件乙', mobile: '13900003002', bad: withCheck('11010519800101123'), good: withCheck('81000019800101123'), shown: '810000********' },
  { type: 'hkmo', name: '证件丙', mobile: '13900003003', contact: '+852 9123 4567', bad: 'K12345678', good: 'H12345678', shown: 'H1****678' },
  { type: 'tw', name: '证件丁', mobile: '13900003004', bad: '1234567', good: '87654321', shown: '87***321' },
  { type: 'prc', name: '证件戊', mobile: '13900003005', bad: 'XXX110090010101', good: withCheck('93115619850505123'), shown: '931156********' },
  { type: 'passport', name: '证件己', mobile: '13900003006', contact: '+81 90 1234 5678', bad: 'ABC', good: 'TR1234567', shown: 'TR****567' },
];

const env = usePhoneHarness();

describe('a person with each kind of document, registration → review → scan', () => {
  for (const person of PEOPLE) {
    it(`registers with ${CARD_TYPE_LABEL[person.type]}, is approved and scanned at the gate`, async () => {
      const contexts: BrowserContext[] = [];
      const resident = await env.phones.phone(person.mobile);
      contexts.push(resident.context);
      const form = new PassRegisterPage(resident.page);
      await form.open(POI);
      await form.name.fill(person.name);
      if (person.type !== 'id') await form.chooseCardType(CARD_TYPE_LABEL[person.type]);
      if (person.contact) await form.mobile.fill(person.contact);
      const number = resident.page.locator('.reg-field-card input');
      await number.fill(person.bad);
      await form.choose('业主');
      await form.address.fill('望京花园西区 6号楼');
      await form.choose('否');
      await form.expectMessage(CARD_TYPE_MSG[person.type].invalid);
      await number.fill(person.good);
      if (person.type === 'passport') await form.chooseNationality('土耳', '土耳其');
      await form.consent.click();
      await form.submit.click();
      await expect(form.confirmDialog.textContent()).resolves.toContain(person.good);
      await form.confirmDialog.getByRole('button', { name: '确认提交' }).click();
      await resident.page.waitForURL((u) => u.pathname === '/pcheck');

      // Review: the manager opens the record and sees the document with its type.
      const found = await env.phones.api<{ userCards: { _id: string; card: string; cardType: string }[] }>(MANAGER, '/v1/userCard/list', { poiId: POI, keyword: person.good });
      expect(found.data.userCards).toHaveLength(1);
      expect(found.data.userCards[0]!.card.startsWith(person.shown.replace(/\*+.*$/, ''))).toBe(true);
      const manager = await env.phones.phone(MANAGER);
      contexts.push(manager.context);
      const review = new PassDetailPage(manager.page);
      await manager.page.goto(`/xxdetail?poiId=${POI}&id=${found.data.userCards[0]!._id}`);
      await review.privacy.waitFor();
      if (person.type === 'id') await expect(review.row('身份证号').textContent()).resolves.toBe(person.good);
      else {
        await expect(review.row('证件类型').textContent()).resolves.toBe(CARD_TYPE_LABEL[person.type]);
        await expect(review.row('证件号码').textContent()).resolves.toBe(person.good);
      }
      if (person.type === 'passport') await expect(review.row('国籍').textContent()).resolves.toBe('土耳其');
      await review.approve.click();
      await review.page.locator('.status-tag', { hasText: '已通过' }).waitFor();

      // Scan: the duty staff open the pass's QR and see who it is and with which document.
      const pass = new PassPage(resident.page);
      await pass.qr.waitFor({ timeout: 10_000 });
      const address = new URL(await pass.qrAddress());
      const duty = await env.phones.phone(DUTY);
      contexts.push(duty.context);
      await duty.page.goto(address.pathname + address.search);
      const scan = new PassDetailPage(duty.page);
      await scan.scanBanner.waitFor();
      await expect(scan.row('姓名').textContent()).resolves.toBe(person.name);
      if (person.type !== 'id') await expect(scan.row('证件类型').textContent()).resolves.toBe(CARD_TYPE_LABEL[person.type]);
      await duty.page.screenshot({ path: artifactPath(`scan-${person.type}.png`), fullPage: true });
      await Promise.all(contexts.map((c) => c.close()));
    });
  }

  it('shows the person the staff views that just happened, lets them download a copy and delete', async () => {
    const resident = await env.phones.phone('13900003006');
    await resident.page.goto(`/mydata?poiId=${POI}`);
    const accesses = resident.page.locator('.md-accesses');
    // The manager's review and the duty staff's scan, both of the whole number.
    await accesses.getByText('查看登记完整信息').first().waitFor();
    await accesses.getByText('扫码核验（查看完整信息）').first().waitFor();
    await resident.page.screenshot({ path: artifactPath('my-data-after-scan.png'), fullPage: true });

    const download = resident.page.waitForEvent('download');
    await resident.page.getByRole('button', { name: '下载 JSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.json$/);
    const copy = JSON.parse(await new Response((await file.createReadStream()) as unknown as ReadableStream).text());
    expect(copy.出入登记[0]).toMatchObject({ 证件类型: '护照', 证件号码: 'TR1234567', 国籍: '土耳其' });

    await resident.page.getByRole('button', { name: '删除此登记' }).click();
    await resident.page.getByRole('button', { name: '确认删除' }).click();
    await resident.page.getByText('您还没有出入登记').waitFor();
    await resident.context.close();
  });
});
