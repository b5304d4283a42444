import { maskIdCard } from '@sq/contract/id-card';
import { OWNERS } from '@sq/contract/pass/registration-rules';
import { maskMobile } from '@sq/contract/rules';
import type { Db } from '@sq/server/db/client';
import { registrations } from '@sq/server/db/schema';
import type { PiiCipher } from '@sq/server/lib/crypto';
import { person, prng, type Person } from './people';

type Row = typeof registrations.$inferInsert;

/** 1,000 rows × 23 columns per INSERT: under PostgreSQL's 65,535 parameters, few round trips. */
const BATCH = 1000;
const DAY = 86_400_000;

/**
 * The row the app would write for `p` (see registration-service.ts toWrite): mobile and ID
 * number encrypted through the PiiCipher with their keyed hashes and masked copies.
 */
export function registrationRow(pii: PiiCipher, poiId: string, p: Person, extra: Partial<Row> = {}): Row {
  return {
    poiId,
    userId: null,
    name: p.name,
    mobileEnc: pii.encrypt(p.mobile),
    mobileHash: pii.hash(p.mobile),
    mobileMasked: maskMobile(p.mobile),
    cardEnc: pii.encrypt(p.card),
    cardHash: pii.hash(p.card),
    cardMasked: maskIdCard(p.card),
    owner: '业主',
    address: p.address,
    buildingNo: p.buildingNo,
    ...extra,
  };
}

/**
 * A community's history of registrations in multi-row INSERTs: mixed statuses (about 60 %
 * approved, 25 % pending, 15 % sent back), identities and dates over the past year.
 */
export async function bulkInsertRegistrations(db: Db, pii: PiiCipher, poiId: string, count: number, series: number): Promise<Person[]> {
  const people: Person[] = [];
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const rows: Row[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const p = person(i, series);
      const r = prng(i + series * 1_000_003);
      const roll = r();
      const owner = OWNERS[Math.floor(r() * OWNERS.length)]!;
      const createdAt = new Date(now - Math.floor(r() * 365 * DAY));
      people.push(p);
      rows.push(
        registrationRow(pii, poiId, p, {
          status: roll < 0.6 ? 1 : roll < 0.85 ? 0 : -1,
          owner,
          company: owner === '公司' ? '北京望京科技有限公司' : '',
          other: owner === '访客' ? '探亲' : '',
          expireTime: owner === '租户' ? new Date(now + 200 * DAY).toISOString().slice(0, 10) : null,
          createdAt,
          updatedAt: new Date(Math.min(now, createdAt.getTime() + Math.floor(r() * 3 * DAY))),
        }),
      );
    }
    await db.insert(registrations).values(rows);
  }
  return people;
}
