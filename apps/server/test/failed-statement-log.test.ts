import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { freshMobile, idCard, poster } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * A statement that fails must not carry the caller's data into the log: anyone could otherwise
 * push someone else's name, address or ID number (or their ciphertexts) into the operators' files.
 * The database is made to refuse the insert, as a full disk or a broken migration would.
 */
let t: TestApp;
let post: ReturnType<typeof poster>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
});
afterAll(() => t.close());

describe('a failed statement in the log', () => {
  it('names the failure and its statement, never the values sent', async () => {
    await t.database.db.execute(sql`alter table registrations add constraint refuse_everything check (false) not valid`);
    const token = await t.login(freshMobile());
    const person = { name: '欧阳泄漏', mobile: freshMobile(), card: idCard(), address: '泄漏路9号楼' };
    const before = t.logs().length;

    const { status, body } = await post('/v1/userCard', token, { poiId: 'DEMO000001', ...person, owner: '业主', isReturn: 1, return_date: '2026-11-20', wuhan: '泄漏市' });

    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 500, message: Msg.internal });
    const logged = t.logs().slice(before);
    const line = logged.split('\n').find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    const err = JSON.parse(line!).err;
    // Enough to find the cause: PostgreSQL's code and constraint, and the statement's placeholders.
    expect(err).toMatchObject({ code: '23514', constraint: 'refuse_everything', table: 'registrations' });
    expect(err.message).toMatch(/insert into "registrations"/i);
    expect(err.stack).toMatch(/^\s+at /);
    // Nothing of the person, in clear, masked or encrypted. (The process's own numbers – pid, time,
    // response time – are left out: a pid of 21013 "contains" an ID number ending in 1013.)
    const content = logged.replace(/"(?:pid|time|responseTime)":[\d.]+/g, '');
    for (const value of [person.name, person.address, person.mobile, person.card, person.card.slice(-4), '泄漏市', 'params']) {
      expect(content).not.toContain(value);
    }
    expect(logged).not.toMatch(/"detail"|Failing row/);
    // Nor their keyed hashes or ciphertexts (version.iv.tag.body in base64url).
    for (const value of [person.mobile, person.card]) expect(logged).not.toContain(t.pii.hash(value));
    expect(logged).not.toMatch(/\b\w+\.[\w-]{16}\.[\w-]{22}\.[\w-]+/);
  });
});
