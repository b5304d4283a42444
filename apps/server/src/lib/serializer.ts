import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/**
 * Answers are written through their contract's schema, so a field that is not in the contract
 * never leaves the server. Checking every answer with zod and then `JSON.stringify` was a fifth
 * of the gate's hot path (bench/README.md), so each response schema is compiled once into a
 * fast-json-stringify function instead: it writes only the schema's properties, in one pass.
 *
 * fast-json-stringify coerces where zod would refuse, so with `verify` (on in tests) every answer
 * is also encoded the zod way and the two must agree: the whole test suite then checks that the
 * fast path writes exactly what the contract allows. A schema with a codec or transform, or one
 * JSON Schema cannot express, keeps the zod path.
 *
 * The fast path's answer leaves as UTF-8 bytes, encoded once here. Left as text – a rope of
 * concatenated pieces, two bytes a character as soon as it holds a name in Chinese – it was
 * measured for its length by Fastify, joined to the head by node:http and encoded again on the
 * way out: a gate poll cost 5–8 µs more CPU (of ~41) than with the bytes (bench/README.md,
 * sixth session). Fastify writes a Buffer payload as it is; its serializer type says string only.
 */
export function createSerializerCompiler({ verify }: { verify: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const slow = zodSerializerCompiler(route) as Serialize;
    const fast = compileFast(route.schema);
    if (!fast) return slow;
    if (!verify) return asBytes((data) => Buffer.from(fast(data)));
    return asBytes((data) => {
      const written = fast(data);
      const expected = slow(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`fast serializer disagrees with the contract for ${route.method} ${route.url}: ${written} ≠ ${expected}`);
      }
      return Buffer.from(written);
    });
  };
}

/** A serializer answering bytes, typed as Fastify's (which accepts them: see above). */
const asBytes = (serialize: (data: unknown) => Buffer) => serialize as unknown as Serialize;

function compileFast(schema: z.ZodType): Serialize | null {
  let json: JsonSchema;
  let converts = false;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
      // A codec or transform changes the value on its way out; only zod can run it.
      override: ({ zodSchema }) => void (converts ||= ['pipe', 'transform'].includes(zodSchema._zod.def.type)),
    }) as JsonSchema;
  } catch {
    return null;
  }
  return converts ? null : (fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as Serialize);
}

/**
 * Rewrites what zod emits into what fast-json-stringify writes without a runtime validator:
 * `anyOf [X, null]` becomes `X` with `nullable`, a union of constants of one type becomes that
 * type, and `additionalProperties: false` goes (unknown properties are never written anyway, and
 * inside an `anyOf` it would make an object with an extra field match no branch).
 */
export function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === '$schema' || key === 'minimum' || key === 'maximum') continue;
    out[key] = simplify(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (!anyOf) return out;
  const { anyOf: _, ...rest } = out;
  const nonNull = anyOf.filter((s) => s.type !== 'null');
  const nullable = nonNull.length < anyOf.length;
  const types = new Set(nonNull.map((s) => s.type));
  const onlyConstants = nonNull.every((s) => 'const' in s || 'enum' in s);
  if (nonNull.length === 1) return { ...rest, ...nonNull[0], ...(nullable ? { nullable: true } : {}) };
  if (types.size === 1 && onlyConstants) return { ...rest, type: nonNull[0]!.type, ...(nullable ? { nullable: true } : {}) };
  return out;
}
