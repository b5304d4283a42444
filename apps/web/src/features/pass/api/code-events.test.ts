import { describe, expect, it } from 'vitest';
import { parseEvents } from './code-events';

describe('push channel parsing', () => {
  it('reads complete events, skips keep-alive comments and keeps the unfinished tail', () => {
    const { events, rest } = parseEvents('event: codeInfo\ndata: {"a":1}\n\n: keep-alive\n\nevent: codeInfo\ndata: {"a"');
    expect(events).toEqual([{ event: 'codeInfo', data: '{"a":1}' }]);
    expect(rest).toBe('event: codeInfo\ndata: {"a"');
    expect(parseEvents(`${rest}:2}\n\n`).events).toEqual([{ event: 'codeInfo', data: '{"a":2}' }]);
  });
});
