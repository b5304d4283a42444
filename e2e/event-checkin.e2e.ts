import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventTicketUrl } from '@sq/contract/events/event-code';
import { events, eventSignups, users } from '@sq/server/db/schema';
import { ticketCodeOf } from '@sq/server/modules/events/checkin-codes';
import { artifactPath, launchWithCamera, phoneContext } from './support/browser';
import { writeCameraVideo } from './support/fake-camera';
import { usePhoneHarness } from './support/phone-harness';

const POI = 'DEMO000001';
const DUTY = '13800000003';
const PEOPLE = ['13800000004', '13800000005'];

const h = usePhoneHarness();

/**
 * An event under way with two confirmed sign-ups (no companions: the count is 2), written
 * straight to the database until the events and sign-up branches are merged.
 */
async function eventWithTwoSignups() {
  const db = h.server.database.db;
  const ticketKey = randomBytes(32);
  const start = new Date(Date.now() - 10 * 60_000);
  const [event] = await db
    .insert(events)
    .values({ poiId: POI, kind: 'health', title: '重阳节健康义诊', place: '社区活动室', startsAt: start, endsAt: new Date(start.getTime() + 2 * 3_600_000), signupOpensAt: new Date(start.getTime() - 86_400_000), signupClosesAt: start, cancelUntil: start, capacity: 2, audience: 'residents', status: 'published', byStaff: true, ticketKey })
    .returning({ id: events.id });
  const signups = [];
  for (const mobile of PEOPLE) {
    await h.phones.token(mobile);
    const [user] = await db.select({ id: users.id, name: users.username }).from(users).where(eq(users.mobileHash, h.server.pii.hash(mobile)));
    const [row] = await db.insert(eventSignups).values({ eventId: event!.id, poiId: POI, userId: user!.id, seats: 1, status: 'confirmed' }).returning({ id: eventSignups.id });
    signups.push({ name: user!.name, url: eventTicketUrl(h.server.origin, ticketCodeOf(ticketKey, row!.id)) });
  }
  return { id: event!.id, signups };
}

const attendedOf = async (id: string) => (await h.server.database.db.select({ n: events.attended }).from(events).where(eq(events.id, id)))[0]!.n;

/** The duty staff's scanner in its event mode, in a Chromium whose camera shows this QR (and loops). */
async function eventScanner(eventId: string, qr: string) {
  const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-camera-')), 'event.y4m');
  writeCameraVideo(video, [{ text: null, frames: 10 }, { text: qr, frames: 10 }, { text: null, frames: 20 }]);
  const browser = await launchWithCamera(video);
  const context = await phoneContext(browser, h.server.origin);
  await context.addInitScript((t) => localStorage.setItem('token', t), await h.phones.token(DUTY));
  const page = await context.newPage();
  page.on('pageerror', (e) => h.phones.problems.push(`scanner pageerror: ${e.message}`));
  await page.goto(`/gatescan?poiId=${POI}&event=${eventId}`);
  return {
    page,
    context,
    async done() {
      await browser.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    },
  };
}

describe('活动签到 at the door (the gate scanner in its event mode)', () => {
  it('staff scan two sign-ups, one with the network cut and synced when it is back: the attendance shows 2', async () => {
    const event = await eventWithTwoSignups();
    const [first, second] = event.signups as [{ name: string; url: string }, { name: string; url: string }];

    const online = await eventScanner(event.id, first.url);
    try {
      const { page } = online;
      await page.getByTestId('event-kit').filter({ hasText: '离线名单 2 人' }).waitFor();
      await page.screenshot({ path: artifactPath('event-scanner-start.png') });
      await page.getByRole('button', { name: '开始签到' }).click();
      const verdict = page.getByTestId('event-verdict').filter({ hasText: first.name });
      await verdict.waitFor({ timeout: 15_000 });
      await expect(verdict.getAttribute('data-verdict')).resolves.toBe('ok');
      await expect(verdict.textContent()).resolves.toContain('签到成功');
      await page.screenshot({ path: artifactPath('event-scanner-ok.png') });
      await expect(page.getByTestId('event-count').textContent()).resolves.toBe('已签到 1 人');
      expect(await attendedOf(event.id)).toBe(1);
    } finally {
      await online.done();
    }

    const cut = await eventScanner(event.id, second.url);
    try {
      const { page, context } = cut;
      const kit = page.getByTestId('event-kit');
      // The list came while the network was there.
      await kit.filter({ hasText: '离线名单 2 人' }).waitFor();
      await context.setOffline(true);
      await page.getByRole('button', { name: '开始签到' }).click();
      const verdict = page.getByTestId('event-verdict').filter({ hasText: second.name });
      await verdict.waitFor({ timeout: 15_000 });
      await expect(verdict.textContent()).resolves.toContain('离线签到');
      await page.screenshot({ path: artifactPath('event-scanner-offline.png') });
      await kit.filter({ hasText: '待上传 1 条' }).first().waitFor();
      await expect(page.getByTestId('event-count').textContent()).resolves.toBe('已签到 2 人');
      expect(await attendedOf(event.id)).toBe(1);

      await context.setOffline(false);
      await expect.poll(() => attendedOf(event.id), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => kit.first().textContent(), { timeout: 10_000 }).not.toContain('待上传');
      await expect(page.getByTestId('event-count').textContent()).resolves.toBe('已签到 2 人');
      const rows = await h.server.database.db.select({ via: eventSignups.checkinVia }).from(eventSignups).where(eq(eventSignups.eventId, event.id));
      expect(rows.map((r) => r.via).sort()).toEqual(['offline', 'scan']);
    } finally {
      await cut.done();
    }
  });
});
