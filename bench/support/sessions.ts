import type { Db } from '@sq/server/db/client';
import { sessions, users } from '@sq/server/db/schema';
import { newOpenId, newToken, sha256, type PiiCipher } from '@sq/server/lib/crypto';
import { person } from './people';

export interface BenchUser {
  userId: string;
  mobile: string;
  token: string;
}

/** Rows per INSERT: a few thousand parameters, well under PostgreSQL's 65,535. */
const BATCH = 1000;

/**
 * Thousands of logged-in users for a benchmark, written straight into `users` and `sessions`.
 * The SMS flow would take minutes and is rate-limited per address; the rows are what
 * modules/auth/service.ts's login writes: encrypted mobile with its keyed hash, and only the
 * SHA-256 of the token, so the app authenticates these tokens like any other.
 */
export async function createLoggedInUsers(db: Db, pii: PiiCipher, count: number, series: number): Promise<BenchUser[]> {
  const out: BenchUser[] = [];
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 30 * 86_400_000);
  for (let start = 0; start < count; start += BATCH) {
    const people = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => person(start + k, series));
    const created = await db
      .insert(users)
      .values(people.map((p) => ({ openId: newOpenId(), mobileHash: pii.hash(p.mobile), mobileEnc: pii.encrypt(p.mobile), username: p.name })))
      .returning({ id: users.id, mobileHash: users.mobileHash });
    const idByHash = new Map(created.map((u) => [u.mobileHash, u.id]));
    const batch = people.map((p) => ({ userId: idByHash.get(pii.hash(p.mobile))!, mobile: p.mobile, token: newToken() }));
    await db.insert(sessions).values(batch.map((u) => ({ tokenHash: sha256(u.token), userId: u.userId, createdAt: now, expiresAt })));
    out.push(...batch);
  }
  return out;
}
