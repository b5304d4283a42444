import { describe, expect, it, vi } from 'vitest';
import { CODE_STEP_SECONDS, codeStepAt } from '@sq/contract/pass/code-steps';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { newDeviceKeyPair, signatureValid, signedPassCodeAt, type DeviceKey } from '@sq/contract/pass/signed-code';
import { codeMoment, OUT_OF_TIME, prepareKey, rotatingQr, shownQr, signQr } from './rotating-qr';

// The phone's key store (IndexedDB and the server's registration) answers what each test puts here.
const phoneKeys = vi.hoisted(() => new Map<string, DeviceKey>());
vi.mock('./device-keys', () => ({ deviceKeyFor: (view: { codeKey: { id: string } }) => Promise.resolve(phoneKeys.get(view.codeKey.id) ?? null) }));

const t0 = Date.UTC(2026, 10, 26, 6, 0, 0); // a step boundary (30 s divides it)
const pair = newDeviceKeyPair();
const device = { id: 'AAAAAAAAAAAAAAAAAAAAAA', kid: 2, privateKey: pair.privateKey };
const key = { id: device.id, until: t0 + 3600_000, kids: [2] };
const view = { code: 'SERVER', qr: 'https://sq.example/zcheck?poiId=P1&code=old&pass=1', pass: 1, codeKey: key };
const withCode = (code: string) => `https://sq.example/zcheck?poiId=P1&code=${encodeURIComponent(code)}&pass=1`;

describe('the rotating pass code on the phone', () => {
  it('changes at the server’s step boundaries, whatever the phone’s clock says', () => {
    const offset = 7_000; // the server is 7 s ahead of the phone
    const phoneAtBoundary = t0 + CODE_STEP_SECONDS * 1000 - offset;
    expect(codeMoment(view, offset, phoneAtBoundary - 1)).toBe(codeStepAt(t0));
    expect(codeMoment(view, offset, phoneAtBoundary)).toBe(codeStepAt(t0) + 1);
  });

  it('stops at the moment the phone may no longer make codes', async () => {
    expect(codeMoment(view, 0, key.until - 1)).toBe(codeStepAt(key.until - 1));
    expect(codeMoment(view, 0, key.until)).toBe(OUT_OF_TIME);
    expect(await rotatingQr(view, 0, OUT_OF_TIME, device)).toEqual({ kind: 'outOfTime' });
  });

  it('signs the code of its step with the phone’s own key, in the QR’s address, with the step and offset the countdown counts on', async () => {
    const step = codeStepAt(t0);
    const shown = await rotatingQr(view, 1500, step, device);
    const code = signedPassCodeAt(device, 1, step);
    expect(shown).toEqual({ kind: 'code', code, qr: withCode(code), step, offsetMs: 1500 });
    // What the gate checks it with: the public half alone.
    expect(signatureValid(parsePassCode(code)!, pair.publicKey)).toBe(true);
  });

  it('shows the server’s code as it is while the phone has no key of its own (first open offline), and an old server’s', async () => {
    expect(await rotatingQr(view, 0, 5, null)).toEqual({ kind: 'fixed', code: 'SERVER', qr: view.qr });
    expect(await rotatingQr(view, 0, 5, { ...device, id: 'BBBBBBBBBBBBBBBBBBBBBB' })).toEqual({ kind: 'fixed', code: 'SERVER', qr: view.qr });
    expect(await rotatingQr({ ...view, code: 'C1', codeKey: null }, 0, 5, device)).toEqual({ kind: 'fixed', code: 'C1', qr: view.qr });
  });
});

describe('the code a render shows at once', () => {
  const passKey = { id: 'CCCCCCCCCCCCCCCCCCCCCC', until: t0 + 3600_000, kids: [4] };
  const phone = { id: passKey.id, kid: 4, privateKey: newDeviceKeyPair().privateKey };
  const pass = { ...view, serverTime: t0, codeKey: passKey };
  const step = codeStepAt(t0);

  it('is nothing while the key is looked for, then each step’s code once signed, the previous one staying on screen meanwhile', async () => {
    phoneKeys.set(phone.id, phone);
    // No stale server code while the phone's key is still being found.
    expect(shownQr(pass, 0, step)).toEqual({ qr: null, signing: false });
    await prepareKey(pass, { poiId: 'P1' });
    expect(shownQr(pass, 0, step)).toEqual({ qr: null, signing: true });

    await signQr(pass, step);
    const first = signedPassCodeAt(phone, 1, step);
    expect(shownQr(pass, 800, step)).toEqual({ qr: { kind: 'code', code: first, qr: withCode(first), step, offsetMs: 800 }, signing: false });
    // The other direction's code is its own.
    expect(shownQr({ ...pass, pass: 2 }, 0, step)).toEqual({ qr: null, signing: true });

    // The next step: the code on screen stays until the new one is signed.
    expect(shownQr(pass, 800, step + 1)).toEqual({ qr: { kind: 'code', code: first, qr: withCode(first), step, offsetMs: 800 }, signing: true });
    await signQr(pass, step + 1);
    const second = signedPassCodeAt(phone, 1, step + 1);
    expect(shownQr(pass, 800, step + 1).qr).toMatchObject({ code: second, step: step + 1 });
    // A late answer for the step before (a phone woken from sleep) does not take its place.
    await signQr(pass, step);
    expect(shownQr(pass, 800, step + 1).qr).toMatchObject({ code: second, step: step + 1 });
    expect(shownQr(pass, 0, OUT_OF_TIME)).toEqual({ qr: { kind: 'outOfTime' }, signing: false });
  });

  it('is the server’s code when no key could be made (first open offline)', async () => {
    const offline = { ...pass, codeKey: { ...passKey, id: 'DDDDDDDDDDDDDDDDDDDDDD' } };
    await prepareKey(offline, { poiId: 'P1' });
    expect(shownQr(offline, 0, step)).toEqual({ qr: { kind: 'fixed', code: 'SERVER', qr: view.qr }, signing: false });
  });
});
