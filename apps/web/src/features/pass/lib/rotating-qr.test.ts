import { describe, expect, it } from 'vitest';
import { CODE_STEP_SECONDS, codeStepAt } from '@sq/contract/pass/code-steps';
import { parsePassCode } from '@sq/contract/pass/rotating-code';
import { newDeviceKeyPair, signatureValid, signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { codeMoment, OUT_OF_TIME, rotatingQr } from './rotating-qr';

const t0 = Date.UTC(2026, 10, 26, 6, 0, 0); // a step boundary (30 s divides it)
const pair = newDeviceKeyPair();
const device = { id: 'AAAAAAAAAAAAAAAAAAAAAA', kid: 2, privateKey: pair.privateKey };
const key = { id: device.id, until: t0 + 3600_000, kids: [2] };
const view = { code: 'SERVER', qr: 'https://sq.example/zcheck?poiId=P1&code=old&pass=1', pass: 1, codeKey: key };

describe('the rotating pass code on the phone', () => {
  it('changes at the server’s step boundaries, whatever the phone’s clock says', () => {
    const offset = 7_000; // the server is 7 s ahead of the phone
    const phoneAtBoundary = t0 + CODE_STEP_SECONDS * 1000 - offset;
    expect(codeMoment(view, offset, phoneAtBoundary - 1)).toBe(codeStepAt(t0));
    expect(codeMoment(view, offset, phoneAtBoundary)).toBe(codeStepAt(t0) + 1);
  });

  it('stops at the moment the phone may no longer make codes', () => {
    expect(codeMoment(view, 0, key.until - 1)).toBe(codeStepAt(key.until - 1));
    expect(codeMoment(view, 0, key.until)).toBe(OUT_OF_TIME);
    expect(rotatingQr(view, 0, OUT_OF_TIME, device)).toEqual({ kind: 'outOfTime' });
  });

  it('signs the code of its step with the phone’s own key, in the QR’s address, with the step and offset the countdown counts on', () => {
    const step = codeStepAt(t0);
    const shown = rotatingQr(view, 1500, step, device);
    const code = signedPassCodeAt(device, 1, step);
    expect(shown).toEqual({ kind: 'code', code, qr: `https://sq.example/zcheck?poiId=P1&code=${encodeURIComponent(code)}&pass=1`, step, offsetMs: 1500 });
    // What the gate checks it with: the public half alone.
    expect(signatureValid(parsePassCode(code)!, pair.publicKey)).toBe(true);
  });

  it('shows the server’s code as it is while the phone has no key of its own (first open offline), and an old server’s', () => {
    expect(rotatingQr(view, 0, 5, null)).toEqual({ kind: 'fixed', code: 'SERVER', qr: view.qr });
    expect(rotatingQr(view, 0, 5, { ...device, id: 'BBBBBBBBBBBBBBBBBBBBBB' })).toEqual({ kind: 'fixed', code: 'SERVER', qr: view.qr });
    expect(rotatingQr({ ...view, code: 'C1', codeKey: null }, 0, 5, device)).toEqual({ kind: 'fixed', code: 'C1', qr: view.qr });
  });
});
