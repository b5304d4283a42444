import { describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { classifyResponse, loginAction, readAnswer } from './api-decisions';

describe('classifyResponse (spec §8)', () => {
  it.each([
    [200, 'ok'],
    [411, 'silent'],
    [451, 'silent'],
    [423, 'login'],
    [424, 'login'],
    [400, 'toast'],
    [403, 'toast'],
    [429, 'toast'],
    [500, 'toast'],
  ] as const)('code %i → %s', (code, outcome) => {
    expect(classifyResponse(code)).toBe(outcome);
  });
});

describe('readAnswer', () => {
  it('accepts the code as a string, as the spec allows', () => {
    expect(readAnswer({ code: '200', message: 'ok', data: { a: 1 } }, 200)).toEqual({
      code: 200,
      message: 'ok',
      data: { a: 1 },
    });
    expect(readAnswer({ code: '424', message: 'x', data: null }, 200).code).toBe(424);
  });

  it('trusts the envelope over the HTTP status', () => {
    expect(readAnswer({ code: 451, message: '', data: null }, 200).code).toBe(451);
  });

  it('never reads a body without an envelope as success', () => {
    expect(readAnswer(null, 200).code).toBe(500);
    expect(readAnswer('<html>', 502).code).toBe(502);
    expect(readAnswer({ hello: 1 }, 200).code).toBe(500);
  });

  it('falls back to a Chinese message for the code when the server gave none', () => {
    expect(readAnswer(null, 502).message).toBe(Msg.internal);
    expect(readAnswer({ code: 429, message: '' }, 429).message).toBe(Msg.tooManyRequests);
    expect(readAnswer({ code: 400, message: '请输入姓名' }, 400).message).toBe('请输入姓名');
  });
});

describe('loginAction (codes 423/424)', () => {
  it('hands native shells the login, with or without the token they gave us', () => {
    expect(loginAction('android')).toBe('native');
    expect(loginAction('ios')).toBe('native');
  });

  it('asks an embedding page, and sends a plain browser to quick login', () => {
    expect(loginAction('iframe')).toBe('iframe');
    expect(loginAction('browser')).toBe('redirect');
  });
});
