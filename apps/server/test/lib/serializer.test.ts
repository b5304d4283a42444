import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@sq/contract/envelope';
import { createSerializerCompiler } from '../../src/lib/serializer';

const serializer = (schema: z.ZodType, verify = false) =>
  createSerializerCompiler({ verify })({ schema, method: 'POST', url: '/t', httpStatus: '200' }) as (data: unknown) => unknown;
/** The answer as the client decodes it. */
const compile = (schema: z.ZodType, verify = false) => {
  const write = serializer(schema, verify);
  return (data: unknown) => String(write(data));
};

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

  it('answers UTF-8 bytes, verified or not (the length Fastify sends is the bytes\' length)', () => {
    const schema = z.object({ name: z.string() });
    for (const verify of [false, true]) {
      const written = serializer(schema, verify)({ name: '陈明' });
      expect(Buffer.isBuffer(written)).toBe(true);
      expect(written).toEqual(Buffer.from('{"name":"陈明"}', 'utf8'));
    }
  });

  it('sends those bytes whole over a real connection, with their length', async () => {
    const app = Fastify();
    app.setSerializerCompiler(createSerializerCompiler({ verify: false }));
    const name = '陈明 · 望京花园西区 🏠';
    app.get('/t', { schema: { response: { 200: z.object({ name: z.string() }) } } }, async () => ({ name, extra: 'not in the contract' }));
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${origin}/t`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual({ name });
    } finally {
      await app.close();
    }
  });

  it('keeps the zod path for a codec, which changes the value on its way out', () => {
    const seconds = z.codec(z.number(), z.date(), { decode: (n) => new Date(n * 1000), encode: (d) => d.getTime() / 1000 });
    expect(compile(z.object({ at: seconds.nullable() }))({ at: new Date(5000) })).toBe('{"at":5}');
  });
});
