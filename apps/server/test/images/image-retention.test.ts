import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepo } from '../../src/modules/audit/repo';
import { createImageUses } from '../../src/modules/images/uses';
import { createRetentionRepo } from '../../src/modules/retention/repo';
import { runRetention } from '../../src/modules/retention/service';
import { createTestApp, type TestApp } from '../support/test-app';
import { HOME, HOUR, memberOf, smallPhoto, upload } from './image-helpers';

let t: TestApp;
let member: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  member = await memberOf(t, HOME);
});
afterAll(() => t?.close());

const retention = () => runRetention({ repo: createRetentionRepo(t.database.db), audit: createAuditRepo(t.database.db) }, t.clock.now());
const stored = async (hash: string) => (await t.app.inject({ method: 'GET', url: `/v1/images/${HOME}/${hash}`, headers: { token: member.token } })).statusCode;
const uploaded = async (n: number) => (await upload(t, member.token, await smallPhoto(n), 'image/png')).body.data.hash;

describe('retention of photos', () => {
  it('deletes an upload nothing uses once it is a day old, keeps used ones until their last use goes', async () => {
    const uses = createImageUses();
    const neverPosted = await uploaded(1);
    const posted = await uploaded(2);
    const sharedByTwo = await uploaded(3);
    await t.database.db.transaction(async (tx) => {
      await uses.use(tx, { poiId: HOME, uploaderId: member.userId, hashes: [posted, sharedByTwo], ref: 'post:one' });
      await uses.use(tx, { poiId: HOME, uploaderId: member.userId, hashes: [sharedByTwo], ref: 'event:two' });
    });

    // Within the day, nothing goes: the person may still be writing the post.
    t.clock.advance(23 * HOUR);
    const fresh = await uploaded(4);
    expect(await retention()).toMatchObject({ images: 0 });
    expect(await Promise.all([neverPosted, posted, sharedByTwo, fresh].map(stored))).toEqual([200, 200, 200, 200]);

    t.clock.advance(2 * HOUR);
    expect(await retention()).toMatchObject({ images: 1 });
    expect(await Promise.all([neverPosted, posted, sharedByTwo, fresh].map(stored))).toEqual([404, 200, 200, 200]);

    // The post is deleted for good: its photo goes, the one the event still shows stays.
    await t.database.db.transaction((tx) => uses.release(tx, 'post:one'));
    expect(await retention()).toMatchObject({ images: 1 });
    expect(await Promise.all([posted, sharedByTwo, fresh].map(stored))).toEqual([404, 200, 200]);

    await t.database.db.transaction((tx) => uses.release(tx, 'event:two'));
    t.clock.advance(24 * HOUR);
    expect(await retention()).toMatchObject({ images: 2 });
    expect(await Promise.all([sharedByTwo, fresh].map(stored))).toEqual([404, 404]);
  });
});
