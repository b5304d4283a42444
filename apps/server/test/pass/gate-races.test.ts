import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_STEP_SECONDS, codeStepAt } from '@sq/contract/pass/code-steps';
import { signedPassCodeAt, type DeviceKey } from '@sq/contract/pass/signed-code';
import { entryLogs, passGateStates } from '../../src/db/schema';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { residentPhoneKey } from '../support/phone-keys';
import { registrationIdOf } from '../../src/modules/pass/gate-keys';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A first scan is one statement (gate-repo useAtOnce), its pass's row in pass_gate_states the
 * place where two gates meet (issue 32 item 15). Whatever arrives at once – the same code at
 * several scanners, the next step's code, the exit code shown at an entry gate, an offline upload
 * of the same pass – lets the pass through once and logs exactly what was let through.
 */
const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let duty: string;
let manager: string;
let staff: string[];
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [duty, manager] = [await t.login('13800000003'), await t.login('13800000002')];
  staff = [duty, await staffOf(t, HOME), await staffOf(t, HOME)];
});
afterAll(() => t.close());

let phones = 0;
/** A resident with an approved pass and a phone key, logged in (each from a phone of their own: its own address). */
async function passHolder(name: string): Promise<{ token: string; phone: DeviceKey; id: string }> {
  const mobile = freshMobile();
  const made = await post('/v1/userCard', manager, { poiId: HOME, name, mobile, card: idCard(), owner: '业主', address: '7号楼', isReturn: 0, import: 1 });
  expect(made.status).toBe(200);
  const token = await t.login(mobile, `10.77.${++phones}.1`);
  const phone = await residentPhoneKey(t, token, HOME);
  return { token, phone, id: registrationIdOf(phone.id)! };
}
const linesOf = (registrationId: string) => t.database.db.select().from(entryLogs).where(eq(entryLogs.registrationId, registrationId));
const stateOf = async (registrationId: string) => (await t.database.db.select().from(passGateStates).where(eq(passGateStates.registrationId, registrationId)))[0];
/** The rush-hour scanner at a gate of `gate`'s direction: a use that let someone through answers 200 with `repeat: false`. */
const scanAt = (gate: 1 | 2, code: string, by: string) => post('/v1/gate/scan', by, { poiId: HOME, code, pass: gate });
const letThrough = (answers: { status: number; body: { data: { repeat?: boolean } | null } }[]) => answers.filter((a) => a.status === 200 && a.body.data?.repeat === false).length;

describe('a pass scanned at several gates at once', () => {
  it('lets it in once when 50 scans of its entry codes (this step’s and the next) and its exit code arrive together at entry gates', async () => {
    t.clock.advance(4 * CODE_STEP_SECONDS * 1000);
    const person = await passHolder('同时扫');
    const step = codeStepAt(t.clock.now().getTime());
    const codes = [signedPassCodeAt(person.phone, 1, step), signedPassCodeAt(person.phone, 1, step + 1), signedPassCodeAt(person.phone, 2, step)];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => scanAt(1, codes[i % codes.length]!, staff[i % staff.length]!)));
    // Refused ones say why (used, or inside already); none fails.
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(letThrough(answers)).toBe(1);
    const lines = await linesOf(person.id);
    expect(lines.map((l) => l.direction)).toEqual([1]);
    expect(await stateOf(person.id)).toMatchObject({ lastDirection: 1, lastAt: lines[0]!.createdAt });
  });

  it('lets 20 passes scanned at once each through once, none waiting on another', async () => {
    t.clock.advance(4 * CODE_STEP_SECONDS * 1000);
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => passHolder(`并发${i}`)));
    const step = codeStepAt(t.clock.now().getTime());
    const answers = await Promise.all(people.flatMap((p) => [scanAt(1, signedPassCodeAt(p.phone, 1, step), staff[0]!), scanAt(1, signedPassCodeAt(p.phone, 1, step), staff[1]!)]));
    expect(letThrough(answers)).toBe(20);
    for (const p of people) expect((await linesOf(p.id)).length).toBe(1);
  });

  it('spends the codes two steps ahead: after a use, neither the next code nor the one after lets a second person in, the third does', async () => {
    t.clock.advance(4 * CODE_STEP_SECONDS * 1000);
    const person = await passHolder('提前码');
    const step = codeStepAt(t.clock.now().getTime());
    expect(letThrough([await scanAt(2, signedPassCodeAt(person.phone, 2, step), duty)])).toBe(1);
    for (const ahead of [1, 2]) {
      t.clock.advance(CODE_STEP_SECONDS * 1000);
      expect((await scanAt(2, signedPassCodeAt(person.phone, 2, step + ahead), staff[1]!)).status).toBe(409);
    }
    t.clock.advance(CODE_STEP_SECONDS * 1000);
    expect(letThrough([await scanAt(2, signedPassCodeAt(person.phone, 2, step + 3), staff[1]!)])).toBe(1);
    expect((await stateOf(person.id))?.outStep).toBe(step + 3);
  });

  it('decides an offline upload and an online scan of the same pass one after the other: both logged, the later one marked, or the scan refused', async () => {
    const other = staff[1]!;
    const kit = (await (await t.app.inject({ method: 'GET', url: `/v1/gate/offlineKit?poiId=${HOME}`, headers: { token: other } })).json()).data.kitId as string;
    for (let round = 0; round < 5; round++) {
      t.clock.advance(4 * CODE_STEP_SECONDS * 1000);
      const person = await passHolder(`离线并发${round}`);
      const at = t.clock.now().getTime() - 1000;
      const step = codeStepAt(at);
      const [online, offline] = await Promise.all([
        scanAt(1, signedPassCodeAt(person.phone, 1, step), duty),
        post('/v1/gate/offlineScans', other, { poiId: HOME, scans: [{ code: signedPassCodeAt(person.phone, 1, step + 1), pass: 1, at, kit }] }),
      ]);
      const result = offline.body.data.results[0].result as string;
      const lines = await linesOf(person.id);
      if (online.status === 200) {
        // The scan went first: the upload of the same window is logged and marked for the managers.
        expect(result).toBe('conflict');
        expect(lines.map((l) => [l.offline, l.conflict]).sort()).toEqual([
          [false, false],
          [true, true],
        ]);
      } else {
        // The upload went first: the scan of a code it spent is refused.
        expect(result).toBe('logged');
        expect(online.status).toBe(409);
        expect(lines.map((l) => [l.offline, l.conflict])).toEqual([[true, false]]);
      }
    }
  });
});
