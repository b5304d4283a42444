import os from 'node:os';
import { sql } from 'drizzle-orm';
import { groupBuyItems, groupBuys, groupLeaders, unitOwners, units } from '@sq/server/db/schema';
import { preparedDatabase } from './support/deployed-bench';
import { startDeployedApp, startHelloProcess } from './support/deployed';
import { createLoggedInUsers, type BenchUser } from './support/sessions';
import { burst, latencies } from './support/burst';
import type { BenchReport } from './report';

const HOME = 'DEMO000001';

export interface OrdersBenchOptions {
  /** Residents ordering at once (each one order). */
  residents?: number;
  /** Items of the group buy, and each one's stock. */
  items?: number;
  stockPerItem?: number;
  /** The orders are sent evenly over this many seconds. */
  spreadSeconds?: number;
}

/**
 * 社区团购 order rush (issue 36 "Done when": 1,000 residents, 100 items, 0 oversold, 0 errors,
 * the order p99 ≤ 100 ms). The app runs built in its own process with its default access log to a
 * file; the burst comes from a process of its own, and the same burst goes to bare node:http (its
 * own process too) in the same run as the baseline.
 *
 * `residents` residents (a home each, logged in) each place one order of 1 or 2 units of one of
 * `items` items (each `stockPerItem` units; 10 people per item by default, wanting 15 of 12), so
 * some are refused: every answer must be an order or the stock message, no item may hold more
 * than its stock, and the units held must equal the units of the orders answered.
 */
export async function ordersBench(o: OrdersBenchOptions = {}): Promise<BenchReport> {
  const residents = o.residents ?? 1000;
  const itemCount = o.items ?? 100;
  const stock = o.stockPerItem ?? 12;
  const spread = o.spreadSeconds ?? 5;
  let people: BenchUser[] = [];
  let groupBuyId = '';
  let itemIds: string[] = [];
  const store = await preparedDatabase(async ({ database, pii }) => {
    const db = database.db;
    people = await createLoggedInUsers(db, pii, residents + 1, 37);
    const homes = await db
      .insert(units)
      .values(people.map((_, i) => ({ poiId: HOME, building: 'G', unitNo: '1', room: String(30_000 + i), areaCenti: 8000 })))
      .returning({ id: units.id });
    await db.insert(unitOwners).values(people.map((p, i) => ({ unitId: homes[i]!.id, mobileHash: pii.hash(p.mobile), mobileEnc: pii.encrypt(p.mobile), sort: 0 })));
    const leader = people[residents]!;
    const [row] = await db.insert(groupLeaders).values({ userId: leader.userId, poiId: HOME, displayName: '压测团长', pickupPoint: 'G栋门口', status: 'approved' }).returning({ id: groupLeaders.id });
    const now = Date.now();
    const [g] = await db
      .insert(groupBuys)
      .values({
        poiId: HOME,
        leaderId: row!.id,
        title: '压测团购：一百种商品',
        perPersonLimit: 5,
        minOrders: 1,
        commissionBp: 1000,
        opensAt: new Date(now - 3_600_000),
        closesAt: new Date(now + 86_400_000),
        pickupPoint: 'G栋门口',
        pickupFrom: new Date(now + 2 * 86_400_000),
        pickupUntil: new Date(now + 3 * 86_400_000),
      })
      .returning({ id: groupBuys.id });
    groupBuyId = g!.id;
    const items = await db
      .insert(groupBuyItems)
      .values(Array.from({ length: itemCount }, (_, i) => ({ groupBuyId, name: `商品${i + 1}`, priceFen: 990 + i * 10, stock, sort: i })))
      .returning({ id: groupBuyItems.id });
    itemIds = items.map((i) => i.id);
    await db.execute(sql`analyze group_buy_items`);
    await db.execute(sql`analyze orders`);
  });
  const [app, hello] = await Promise.all([startDeployedApp(store.env), startHelloProcess()]);
  try {
    const wanted = (i: number) => 1 + (Math.floor(i / itemCount) % 2);
    const requests = people.slice(0, residents).map((p, i) => ({
      path: '/v1/orders',
      body: { token: p.token, groupBuyId, lines: [{ itemId: itemIds[i % itemCount]!, qty: wanted(i) }], clientKey: `bench-${i.toString().padStart(8, '0')}` },
    }));
    const base = await burst({ origin: hello.origin, requests, spreadSeconds: spread });
    // As a rush comes: residents open the group buy's page before they order (a server that has
    // served other requests, its pool's connections open), 200 of them, 20 at a time.
    for (let i = 0; i < 200; i += 20) {
      await Promise.all(people.slice(i, i + 20).map((p) => fetch(`${app.origin}/v1/group-buys/${groupBuyId}`, { headers: { token: p.token } }).then((r) => r.arrayBuffer())));
    }
    const started = performance.now();
    const answers = await burst({ origin: app.origin, requests, spreadSeconds: spread });
    const took = (performance.now() - started) / 1000;
    const placed = answers.filter((a) => a.status === 200).length;
    const short = answers.filter((a) => a.status === 400 && /库存不足|已售罄/.test(a.message)).length;
    const errors = answers.filter((a) => !(a.status === 200 || (a.status === 400 && /库存不足|已售罄/.test(a.message))));
    const unitsPlaced = answers.reduce((s, a, i) => s + (a.status === 200 ? wanted(i) : 0), 0);
    const page = (await fetch(`${app.origin}/v1/group-buys/${groupBuyId}`, { headers: { token: people[0]!.token } }).then((r) => r.json())) as { data: { groupBuy: { items: { sold: number; stock: number }[] } } };
    const held = page.data.groupBuy.items;
    const oversold = held.filter((i) => i.sold > i.stock).length;
    const soldUnits = held.reduce((s, i) => s + i.sold, 0);
    const f = latencies(answers);
    const b = latencies(base);
    const ok = errors.length === 0 && oversold === 0 && soldUnits === unitsPlaced && f.p99 <= 100;
    const lines = [
      `${residents.toLocaleString('en-US')} residents, one order each, for ${itemCount} items of ${stock} units (${residents / itemCount} people per item wanting ${((residents / itemCount) * 1.5).toFixed(0)} units), sent over ${spread} s: answered in ${took.toFixed(2)} s (the burst process's start included)`,
      `orders ${placed}, refused for stock ${short}, any other answer ${errors.length} (must be 0)${errors.length ? ` e.g. ${errors[0]!.status} ${errors[0]!.message}` : ''}`,
      `items over their stock ${oversold} (must be 0); units held ${soldUnits}, units of the orders answered ${unitsPlaced} (must be equal)`,
      `order latency p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms (target ≤ 100 ms), max ${f.max.toFixed(1)} ms; node:http the same burst p99 ${b.p99.toFixed(1)} ms`,
      `load average ${os.loadavg()[0]!.toFixed(2)}`,
      ok ? 'PASS' : 'FAIL',
    ];
    for (const line of lines) console.log(`    ${line}`);
    return {
      name: `团购 order rush (${store.database.kind}, as deployed: app, baseline and burst in separate processes, access log to a file)`,
      unit: 'ms p99',
      baseline: { label: 'node:http, the same orders', value: b.p99 },
      measured: { label: 'POST /v1/orders', value: f.p99 },
      notes: lines.join('\n    '),
    };
  } finally {
    await Promise.all([app.stop(), hello.stop()]);
    await store.drop();
  }
}
