import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The API description a client generator reads (/docs/json): an operationId on every operation,
 * the token's carriers as security schemes applied per operation, the exports' form body and
 * .xlsx answer, and no error from a standard linter (Redocly, recommended rules, redocly.yaml).
 */
type Op = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
let t: TestApp;
let doc: { paths: Record<string, Record<string, Op>>; components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> } };
const root = path.resolve(import.meta.dirname, '../../..');
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/docs/json' })).json();
});
afterAll(() => t.close());
const operations = () => Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })));

describe('the API description', () => {
  it('names every operation once', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v1/userCard/list']!.post!.operationId).toBe('postV1UserCardList');
  });

  it('describes the token carriers and applies them per operation', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
      bearer: { type: 'http' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sq_token' },
    });
    const of = (p: string, m = 'post') => doc.paths[p]![m]!;
    // Needs a session: the header or bearer, and the body field is documented among its properties.
    expect(of('/v1/userCard/verify').security).toEqual([{ tokenHeader: [] }, { bearer: [] }]);
    expect(of('/v1/userCard/verify').requestBody!.content['application/json']!.schema.properties).toHaveProperty('token');
    // Public: none. Optional (neighbours): the empty alternative first. The start-up check: the cookie too.
    expect(of('/v1/auth/smsCode').security).toEqual([]);
    expect(of('/v1/mobile/community/users', 'get').security).toEqual([{}, { tokenHeader: [] }, { bearer: [] }]);
    expect(of('/v1/mobile/community/userInfo', 'get').security![0]).toEqual({ sessionCookie: [] });
    for (const { key, op } of operations()) expect(Array.isArray(op.security), key).toBe(true);
  });

  it('describes the exports: the list body as a form post, and the .xlsx answer', () => {
    for (const p of ['/v1/userCard/list', '/v1/userCard/userLog']) {
      const op = doc.paths[p]!.post!;
      expect(Object.keys(op.requestBody!.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
      expect(op.responses['200']!.content).toHaveProperty(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    }
  });

  it('describes the files that travel instead of JSON: four downloads and two .xlsx uploads', () => {
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const binary = { schema: { type: 'string', format: 'binary' } };
    const downloads: [string, string, string[]][] = [
      ['/v1/polls/{id}/export', 'post', [XLSX]],
      ['/v1/mydata/export', 'post', ['application/json', XLSX]],
      ['/v1/manage/units/template', 'get', [XLSX]],
      ['/v1/manage/residents/template', 'get', [XLSX]],
    ];
    for (const [p, method, types] of downloads) {
      const op = doc.paths[p]![method]!;
      const ok = op.responses['200']!.content!;
      expect(Object.keys(ok).sort(), p).toEqual([...types].sort());
      expect(ok[XLSX], p).toEqual(binary);
      // The JSON copy is the file itself, not the {code, message, data} envelope.
      if (types.includes('application/json')) expect(JSON.stringify(ok['application/json']), p).not.toContain('"code"');
      // A refusal is still the envelope.
      expect(Object.keys(op.responses).filter((s) => s !== '200').length, p).toBeGreaterThan(0);
      // A POST download is what a page's form sends, the token in the form.
      if (method === 'post') expect(op.requestBody!.content, p).toHaveProperty(['application/x-www-form-urlencoded']);
    }
    for (const p of ['/v1/manage/units/import', '/v1/manage/residents/import']) {
      const body = doc.paths[p]!.post!.requestBody!;
      expect(body.content, p).toEqual({ [XLSX]: binary, 'application/octet-stream': binary });
      // The answer is the JSON envelope with the preview.
      expect(Object.keys(doc.paths[p]!.post!.responses['200']!.content!), p).toEqual(['application/json']);
    }
    // The register's upload says which layouts it takes: one row per owner, and the 5-column file before it.
    const units = doc.paths['/v1/manage/units/import']!.post!.requestBody as { description?: string };
    expect(units.description).toMatch(/每位业主一行.*业主姓名.*开发建设单位.*旧模板/);
    expect(JSON.stringify(doc.paths['/v1/manage/units/template']!.get!.responses['200'])).toContain('每位业主一行');
    expect(JSON.stringify(doc)).not.toContain('x-sq-');
  });

  it('describes the photos: an upload of any phone image type, and two image answers with ETag, 304 and the login cookie', () => {
    const binary = { schema: { type: 'string', format: 'binary' } };
    const upload = doc.paths['/v1/images']!.post!;
    expect(Object.keys(upload.requestBody!.content).sort()).toEqual(['image/avif', 'image/heic', 'image/heif', 'image/jpeg', 'image/png', 'image/webp']);
    expect(Object.keys(upload.responses['200']!.content!)).toEqual(['application/json']);
    for (const p of ['/v1/images/{poiId}/{hash}', '/v1/images/{poiId}/{hash}/thumb']) {
      const op = doc.paths[p]!.get! as Op & { responses: Record<string, { headers?: Record<string, unknown> }> };
      expect(op.responses['200']!.content, p).toEqual({ 'image/webp': binary });
      expect(Object.keys(op.responses['200']!.headers!).sort(), p).toEqual(['Cache-Control', 'ETag']);
      expect(op.responses, p).toHaveProperty(['304']);
      // A refusal (not logged in, another community, no such photo) is still the envelope.
      expect(Object.keys(op.responses).filter((s) => s.startsWith('4')), p).toEqual(['4XX']);
      expect(op.security![0], p).toEqual({ sessionCookie: [] });
    }
  });

  it('passes Redocly’s recommended rules with no error', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sq-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const bin = path.join(root, 'node_modules/.bin/redocly');
    const run = await promisify(execFile)(bin, ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((e: { stdout: string }) => e);
    const problems = (JSON.parse(run.stdout) as { problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] }).problems;
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
