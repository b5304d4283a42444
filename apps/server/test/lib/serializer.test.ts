import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@sq/contract/envelope';
import { createSerializerCompiler } from '../../src/lib/serializer';

const compile = (schema: z.ZodType, verify = false) =>
  createSerializerCompiler({ verify })({ schema, method: 'POST', url: '/t', httpStatus: '200' });

const answer = envelope(
  z.object({
    n: z.number().int().nullable(),
    person: z.object({ name: z.string() }).nullable(),
    pair: z.tuple([z.null(), z.array(z.string())]),
    type: z.union([z.literal(0), z.literal(1)]),
    choice: z.union([z.string(), z.number()]),
    note: z.string().optional(),
    state: z.enum(['open', 'closed']),
  }),
);

describe('the response serializer', () => {
  it('writes exactly what the contract allows, whatever else the handler returned', () => {
    const write = compile(answer);
    const data = { n: null, person: { name: '张三', idCard: '110101199003070011' }, pair: [null, ['一']], type: 1, choice: 7, state: 'open', secret: 'x' };
    expect(JSON.parse(write({ code: 200, message: 'ok', data, extra: true }))).toEqual({
      code: 200,
      message: 'ok',
      data: { n: null, person: { name: '张三' }, pair: [null, ['一']], type: 1, choice: 7, state: 'open' },
    });
    expect(JSON.parse(write({ code: 200, message: 'ok', data: { ...data, n: 3, person: null, choice: '七', note: '备注' } })).data).toEqual({
      n: 3,
      person: null,
      pair: [null, ['一']],
      type: 1,
      choice: '七',
      note: '备注',
      state: 'open',
    });
  });

  it('escapes what JSON must escape', () => {
    const text = 'a"b\\c\n\u2028</script>';
    expect(JSON.parse(compile(z.object({ text: z.string() }))({ text }))).toEqual({ text });
  });

  it('refuses, when verifying, an answer the contract does not allow (the fast path alone would coerce it)', () => {
    const schema = z.object({ count: z.number().int() });
    expect(compile(schema)({ count: '12' })).toBe('{"count":12}');
    expect(() => compile(schema, true)({ count: '12' })).toThrow();
  });

  it('keeps the zod path for a codec, which changes the value on its way out', () => {
    const seconds = z.codec(z.number(), z.date(), { decode: (n) => new Date(n * 1000), encode: (d) => d.getTime() / 1000 });
    expect(compile(z.object({ at: seconds.nullable() }))({ at: new Date(5000) })).toBe('{"at":5}');
  });
});
