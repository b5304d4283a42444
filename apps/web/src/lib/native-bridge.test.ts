import { describe, expect, it } from 'vitest';
import { detectHost, hostTargetOrigin, type BridgeWindow } from './native-bridge';

function fakeWindow(extra: Partial<BridgeWindow> = {}, framed = false): BridgeWindow {
  const win = { ...extra } as BridgeWindow;
  win.self = win;
  win.top = framed ? {} : win;
  return win;
}

describe('detectHost', () => {
  it('finds the Android shell by its JS interface', () => {
    const SqAndroid = { getAppToken: () => 't', postMessage: () => {} };
    expect(detectHost(fakeWindow({ SqAndroid }))).toBe('android');
  });

  it('finds the iOS shell by its message handler', () => {
    const webkit = { messageHandlers: { sqIos: { postMessage: () => {} } } };
    expect(detectHost(fakeWindow({ webkit }))).toBe('ios');
  });

  it('prefers a native shell over being framed', () => {
    const webkit = { messageHandlers: { sqIos: { postMessage: () => {} } } };
    expect(detectHost(fakeWindow({ webkit }, true))).toBe('ios');
  });

  it('tells an iframe from a plain browser', () => {
    expect(detectHost(fakeWindow({}, true))).toBe('iframe');
    expect(detectHost(fakeWindow())).toBe('browser');
  });

  it('does not take Safari’s own webkit object for the iOS shell', () => {
    expect(detectHost(fakeWindow({ webkit: { messageHandlers: {} } }))).toBe('browser');
  });
});

describe('hostTargetOrigin', () => {
  const own = 'https://sq.example.cn';

  it('targets the embedding page’s origin when the referrer names it', () => {
    expect(hostTargetOrigin('https://news.example.com/article/1', own)).toBe('https://news.example.com');
  });

  it('falls back to * when the referrer is missing or our own page', () => {
    expect(hostTargetOrigin('', own)).toBe('*');
    expect(hostTargetOrigin(`${own}/chiocevote?id=1`, own)).toBe('*');
  });
});
