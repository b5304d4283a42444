import { describe, expect, it } from 'vitest';
import { CODE_STEP_SECONDS, codeStepAt } from '@sq/contract/pass/code-steps';
import { passCodeAt } from '@sq/contract/pass/rotating-code';
import { codeMoment, OUT_OF_TIME, rotatingQr } from './rotating-qr';

const t0 = Date.UTC(2026, 10, 26, 6, 0, 0); // a step boundary (30 s divides it)
const key = { id: 'AAAAAAAAAAAAAAAAAAAAAA', v: 1, secret: '11'.repeat(32), until: t0 + 3600_000 };
const view = { code: '', qr: 'https://sq.example/zcheck?poiId=P1&code=old&pass=1', pass: 1, codeKey: key };

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
    expect(rotatingQr(view, 0, OUT_OF_TIME)).toEqual({ kind: 'outOfTime' });
  });

  it('shows the code of its step in the QR’s address, and the step and offset the countdown counts on', () => {
    const step = codeStepAt(t0);
    const shown = rotatingQr(view, 1500, step);
    const code = passCodeAt(key, 1, step);
    expect(shown).toEqual({ kind: 'code', code, qr: `https://sq.example/zcheck?poiId=P1&code=${encodeURIComponent(code)}&pass=1`, step, offsetMs: 1500 });
  });

  it('shows an old server’s code as it is', () => {
    expect(rotatingQr({ ...view, code: 'C1', codeKey: null }, 0, 5)).toEqual({ kind: 'fixed', code: 'C1', qr: view.qr });
  });
});
