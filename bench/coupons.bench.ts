import os from 'node:os';
import { sql } from 'drizzle-orm';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { couponBatches, coupons, holderKeys, merchantCommunities, merchants, merchantStaff, unitOwners, units } from '@sq/server/db/schema';
import { preparedDatabase } from './support/deployed-bench';
import { startDeployedApp, startHelloProcess } from './support/deployed';
import { createLoggedInUsers, type BenchUser } from './support/sessions';
import { burst, latencies, type BurstAnswer } from './support/burst';
import type { BenchReport } from './report';

const HOME = 'DEMO000001';
/** Counter scans are sent in chunks this long, each with codes made just before (a code is current 30–60 s). */
const REDEEM_CHUNK_SECONDS = 10;

export interface CouponsBenchOptions {
  /** Residents claiming at once, and the coupons there are. */
  residents?: number;
  coupons?: number;
  /** The claims are sent evenly over this many seconds. */
  claimSpreadSeconds?: number;
  /** Counter redemptions (each a different coupon and holder), sent evenly over this many seconds by `clerks` clerks. */
  redemptions?: number;
  redeemSpreadSeconds?: number;
  clerks?: number;
}

/**
 * 优惠券 (issue 35 "Done when": a claim rush and counter redemptions, as deployed, 0 errors; the
 * counter's verdict p95 ≤ 300 ms). The app runs built in its own process with its default access
 * log to a file; each burst is sent from a process of its own, and the same burst is sent to bare
 * node:http (also its own process) in the same run as the baseline.
 *
 * Claim rush: `residents` residents (a home each in the register, logged in) claim from a batch of
 * `coupons` at once; exactly `coupons` must be given, every other claim told 优惠券已被领完, and no
 * other answer. Counter: `redemptions` coupons (each of a different holder, with their phone's
 * Ed25519 key registered) scanned by `clerks` clerks – each a verdict the clerk waits for; by
 * default 300 over 30 s by 10 clerks (each counter a scan every second, a busy one).
 */
export async function couponsBench(o: CouponsBenchOptions = {}): Promise<BenchReport[]> {
  const residents = o.residents ?? 1000;
  const total = o.coupons ?? 100;
  const claimSpread = o.claimSpreadSeconds ?? 5;
  const redemptions = o.redemptions ?? 300;
  const redeemSpread = o.redeemSpreadSeconds ?? 30;
  const clerkCount = o.clerks ?? 10;
  let people: BenchUser[] = [];
  let clerks: BenchUser[] = [];
  let merchantId = '';
  let rushBatch = '';
  const held: { couponId: string; kid: number; privateKey: string }[] = [];
  const store = await preparedDatabase(async ({ database, pii }) => {
    const db = database.db;
    people = await createLoggedInUsers(db, pii, residents, 35);
    clerks = await createLoggedInUsers(db, pii, clerkCount + 1, 36);
    const homes = await db
      .insert(units)
      .values(people.map((_, i) => ({ poiId: HOME, building: 'C', unitNo: '1', room: String(20_000 + i), areaCenti: 8000 })))
      .returning({ id: units.id });
    await db.insert(unitOwners).values(people.map((p, i) => ({ unitId: homes[i]!.id, mobileHash: pii.hash(p.mobile), mobileEnc: pii.encrypt(p.mobile), sort: 0 })));
    const [shop] = await db
      .insert(merchants)
      .values({
        name: '楼下咖啡',
        category: 'food',
        address: '望京花园西区底商 3 号',
        lng: 116.47,
        lat: 39.99,
        hours: '08:00-22:00',
        phone: '010-64701234',
        licenceNo: '91110105MA01234567',
        licenceImage: { hash: 'a'.repeat(64), width: 10, height: 10, poiId: 'DEMO000001' },
        radiusM: 3000,
        status: 'approved',
        ownerId: clerks[0]!.userId,
      })
      .returning({ id: merchants.id });
    merchantId = shop!.id;
    await db.insert(merchantStaff).values(clerks.map((c, i) => ({ merchantId, userId: c.userId, role: i === 0 ? 'owner' : 'clerk' })));
    await db.insert(merchantCommunities).values({ merchantId, poiId: HOME, status: 'approved', distanceM: 300 });
    const now = Date.now();
    const window = { claimStartsAt: new Date(now - 3_600_000), claimEndsAt: new Date(now + 7 * 86_400_000), validDays: 7 };
    const [rush] = await db
      .insert(couponBatches)
      .values({ merchantId, title: '开业满30减10（抢券）', kind: 'cash', valueFen: 1000, thresholdFen: 3000, total, ...window })
      .returning({ id: couponBatches.id });
    rushBatch = rush!.id;
    // The coupons the counter redeems: already claimed, one per holder, each holder's phone key registered.
    const [counter] = await db
      .insert(couponBatches)
      .values({ merchantId, title: '拿铁买一送一', kind: 'gift', item: '拿铁一杯', total: redemptions, claimed: redemptions, ...window })
      .returning({ id: couponBatches.id });
    const holders = people.slice(0, redemptions);
    const pairs = holders.map(() => newHolderKeyPair());
    await db.insert(holderKeys).values(holders.map((h, i) => ({ userId: h.userId, kid: 1, publicKey: pairs[i]!.publicKey })));
    const rows = await db
      .insert(coupons)
      .values(holders.map((h) => ({ batchId: counter!.id, merchantId, userId: h.userId, poiId: HOME, validUntil: new Date(now + 7 * 86_400_000) })))
      .returning({ id: coupons.id, userId: coupons.userId });
    const pairOf = new Map(holders.map((h, i) => [h.userId, pairs[i]!]));
    for (const r of rows) held.push({ couponId: r.id, kid: 1, privateKey: pairOf.get(r.userId)!.privateKey });
    await db.execute(sql`analyze coupons`);
    await db.execute(sql`analyze coupon_batches`);
  });
  const [app, hello] = await Promise.all([startDeployedApp(store.env), startHelloProcess()]);
  try {
    // The claim rush.
    const claims = people.map((p) => ({ path: `/v1/coupon-batches/${rushBatch}/claim`, body: { token: p.token, poiId: HOME } }));
    const claimBase = await burst({ origin: hello.origin, requests: claims, spreadSeconds: claimSpread });
    const claimStarted = performance.now();
    const claimed = await burst({ origin: app.origin, requests: claims, spreadSeconds: claimSpread });
    const claimSeconds = (performance.now() - claimStarted) / 1000;
    const given = claimed.filter((a) => a.status === 200).length;
    const gone = claimed.filter((a) => a.status === 400 && a.message === CouponMsg.gone).length;
    const other = claimed.length - given - gone;
    const dbCount = await fetch(`${app.origin}/v1/coupon-batches/${rushBatch}`).then((r) => r.json() as Promise<{ data: { batch: { left: number } } }>);
    const cf = latencies(claimed);
    const cb = latencies(claimBase);
    const claimOk = given === total && gone === residents - total && other === 0 && dbCount.data.batch.left === 0;
    const claimLines = [
      `${residents.toLocaleString('en-US')} residents for ${total} coupons, sent over ${claimSpread} s: answered in ${claimSeconds.toFixed(2)} s (the burst process's start included)`,
      `given ${given} (must be exactly ${total}; the batch's page says ${dbCount.data.batch.left} left), 优惠券已被领完 ${gone}, any other answer ${other} (must be 0)${other ? ` e.g. ${claimed.filter((a) => a.status !== 200 && a.message !== CouponMsg.gone).map((a) => `${a.status} ${a.message}`)[0]}` : ''}`,
      `latency p50 ${cf.p50.toFixed(1)} ms, p95 ${cf.p95.toFixed(1)} ms, p99 ${cf.p99.toFixed(1)} ms, max ${cf.max.toFixed(1)} ms; node:http the same burst p95 ${cb.p95.toFixed(1)} ms`,
      `load average ${os.loadavg()[0]!.toFixed(2)}`,
      claimOk ? 'PASS' : 'FAIL',
    ];
    for (const line of claimLines) console.log(`    ${line}`);

    // The counter: every scan a different coupon, its code made by the holder's key just before
    // its chunk is sent (a code is current for 30–60 s), chunks of `redeemChunkSeconds`.
    const perSecond = redemptions / redeemSpread;
    const perChunk = Math.max(1, Math.round(perSecond * REDEEM_CHUNK_SECONDS));
    const scansOf = (list: typeof held, offset: number) => {
      const at = Date.now();
      return list.map((h, i) => ({
        path: `/v1/merchants/${merchantId}/redeem`,
        body: { token: clerks[1 + ((offset + i) % clerkCount)]!.token, code: holderCodeAt({ kid: h.kid, privateKey: h.privateKey }, 'coupon', h.couponId, at).code },
      }));
    };
    const redeemBase: BurstAnswer[] = [];
    const redeemed: BurstAnswer[] = [];
    for (let i = 0; i < held.length; i += perChunk) {
      const chunk = held.slice(i, i + perChunk);
      redeemBase.push(...(await burst({ origin: hello.origin, requests: scansOf(chunk, i), spreadSeconds: chunk.length / perSecond })));
      redeemed.push(...(await burst({ origin: app.origin, requests: scansOf(chunk, i), spreadSeconds: chunk.length / perSecond })));
    }
    const ok = redeemed.filter((a) => a.status === 200).length;
    const errors = redeemed.filter((a) => a.status !== 200);
    const rf = latencies(redeemed);
    const rb = latencies(redeemBase);
    const redeemOk = errors.length === 0 && rf.p95 <= 300;
    const redeemLines = [
      `${redemptions.toLocaleString('en-US')} coupons scanned by ${clerkCount} clerks over ${redeemSpread} s (${(redemptions / redeemSpread).toFixed(0)} verdicts/s, each clerk one every ${((clerkCount * redeemSpread) / redemptions).toFixed(1)} s): used ${ok}, errors ${errors.length} (must be 0)${errors.length ? ` e.g. ${errors[0]!.status} ${errors[0]!.message}` : ''}`,
      `the counter's verdict p50 ${rf.p50.toFixed(1)} ms, p95 ${rf.p95.toFixed(1)} ms (target ≤ 300 ms), p99 ${rf.p99.toFixed(1)} ms, max ${rf.max.toFixed(1)} ms; node:http the same burst p95 ${rb.p95.toFixed(1)} ms`,
      `load average ${os.loadavg()[0]!.toFixed(2)}`,
      redeemOk ? 'PASS' : 'FAIL',
    ];
    for (const line of redeemLines) console.log(`    ${line}`);
    return [
      {
        name: `优惠券 claim rush (${store.database.kind}, as deployed: app, baseline and burst in separate processes, access log to a file)`,
        unit: 'ms p95',
        baseline: { label: 'node:http, the same claims', value: cb.p95 },
        measured: { label: 'POST /v1/coupon-batches/:id/claim', value: cf.p95 },
        notes: claimLines.join('\n    '),
      },
      {
        name: `优惠券 counter redemptions (${store.database.kind}, as deployed)`,
        unit: 'ms p95',
        baseline: { label: 'node:http, the same scans', value: rb.p95 },
        measured: { label: 'POST /v1/merchants/:id/redeem', value: rf.p95 },
        notes: redeemLines.join('\n    '),
      },
    ];
  } finally {
    await Promise.all([app.stop(), hello.stop()]);
    await store.drop();
  }
}
