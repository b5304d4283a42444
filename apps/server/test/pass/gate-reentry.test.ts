import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_STEP_SECONDS } from '@sq/contract/pass/code-steps';
import { alreadyInside, GateSettingsMsg, REENTRY_DEFAULT_MINUTES } from '@sq/contract/pass/gate-settings';
import { freshMobile, idCard, poster, staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * One pass, two people (issue 32 item 3): the exit code of a pass shown at the entry gate counted
 * as a second entry in the same minute. A pass logged inside cannot enter again until an exit is
 * logged, within the community's window (门禁规则).
 */
const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let duty: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [duty, manager] = [await t.login('13800000003'), await t.login('13800000002')];
});
afterAll(() => t.close());

/** A resident with an approved pass (entered by the manager), logged in. */
async function passHolder() {
  const mobile = freshMobile();
  const made = await post('/v1/userCard', manager, { poiId: HOME, name: '防尾随', mobile, card: idCard(), owner: '业主', address: '6号楼', isReturn: 0, import: 1 });
  expect(made.status).toBe(200);
  return t.login(mobile);
}
const codeOf = async (token: string, direction: 1 | 2) =>
  (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=${direction}`, headers: { token } })).json().data.userCard.code as string;
/** The rush-hour scanner at a gate of `gate`'s direction. */
const scanAt = (gate: 1 | 2, code: string, by = duty) => post('/v1/gate/scan', by, { poiId: HOME, code, pass: gate });
const nextStep = () => t.clock.advance(3 * CODE_STEP_SECONDS * 1000);

describe('anti-passback: a pass inside cannot enter again until it leaves', () => {
  it('refuses the exit code shown at the entry gate right after an entry, saying what to do', async () => {
    const person = await passHolder();
    expect((await scanAt(1, await codeOf(person, 1))).status).toBe(200);
    const again = await scanAt(1, await codeOf(person, 2));
    expect(again.body).toEqual({ code: 409, message: alreadyInside(0), data: null });
    // Nor the next entry code a minute later, by another staff member at another gate.
    t.clock.advance(60_000);
    nextStep();
    const other = await staffOf(t, HOME);
    expect((await scanAt(1, await codeOf(person, 1), other)).body.message).toBe(alreadyInside(Math.floor((60 + 3 * CODE_STEP_SECONDS) / 60)));
    const logs = (await post('/v1/userCard/userLog', duty, { poiId: HOME })).body.data.logs.filter((l: { name: string }) => l.name === '防尾随');
    expect(logs.map((l: { pass: number }) => l.pass)).toEqual([1]);
  });

  it('lets the pass in again after an exit, and after the window (a resident who left without scanning)', async () => {
    const person = await passHolder();
    expect((await scanAt(1, await codeOf(person, 1))).status).toBe(200);
    nextStep();
    expect((await scanAt(2, await codeOf(person, 2))).status).toBe(200);
    nextStep();
    expect((await scanAt(1, await codeOf(person, 1))).status).toBe(200);
    // Left with a crowd without scanning: past the window the next entry is let through.
    t.clock.advance(REENTRY_DEFAULT_MINUTES * 60_000 + 1000);
    expect((await scanAt(1, await codeOf(person, 1))).status).toBe(200);
  });

  it('lets two gates at once log one entry only', async () => {
    const person = await passHolder();
    const [entry, exit] = [await codeOf(person, 1), await codeOf(person, 2)];
    const other = await staffOf(t, HOME);
    const answers = await Promise.all([scanAt(1, entry), scanAt(1, exit, other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    nextStep();
  });

  it('follows the community’s own window, set by its managers (0: no check), and refuses everyone else', async () => {
    const settings = (token: string, poiId = HOME) => t.app.inject({ method: 'GET', url: `/v1/manage/gate/settings?poiId=${poiId}`, headers: { token } });
    expect((await settings(duty)).json().data).toEqual({ reentryMinutes: REENTRY_DEFAULT_MINUTES, custom: false });
    // Duty staff read it but may not change it; other communities' staff may do neither.
    expect((await post('/v1/manage/gate/settings', duty, { poiId: HOME, reentryMinutes: 5 })).body).toMatchObject({ code: 403, message: GateSettingsMsg.notAllowed });
    const outsider = await staffOf(t, 'DEMO000002', 1);
    expect((await settings(outsider)).statusCode).toBe(403);
    expect((await post('/v1/manage/gate/settings', outsider, { poiId: HOME, reentryMinutes: 0 })).status).toBe(403);
    for (const bad of [-1, 1441, 2.5, 'abc', null, '', ' ', true]) {
      expect((await post('/v1/manage/gate/settings', manager, { poiId: HOME, reentryMinutes: bad })).body, String(bad)).toEqual({ code: 400, message: GateSettingsMsg.reentry, data: null });
    }
    expect((await settings(duty)).json().data.custom).toBe(false);

    expect((await post('/v1/manage/gate/settings', manager, { poiId: HOME, reentryMinutes: 5 })).body.data).toEqual({ reentryMinutes: 5 });
    const person = await passHolder();
    expect((await scanAt(1, await codeOf(person, 1))).status).toBe(200);
    t.clock.advance(4 * 60_000);
    expect((await scanAt(1, await codeOf(person, 2))).body.message).toBe(alreadyInside(4));
    t.clock.advance(61_000);
    expect((await scanAt(1, await codeOf(person, 2))).status).toBe(200);

    expect((await post('/v1/manage/gate/settings', manager, { poiId: HOME, reentryMinutes: 0 })).status).toBe(200);
    nextStep();
    expect((await scanAt(1, await codeOf(person, 1))).status).toBe(200);
    expect((await settings(duty)).json().data).toEqual({ reentryMinutes: 0, custom: true });
    await post('/v1/manage/gate/settings', manager, { poiId: HOME, reentryMinutes: REENTRY_DEFAULT_MINUTES });
  });
});
