import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { sql } from 'drizzle-orm';
import { eventSignups, events, unitOwners, units } from '@sq/server/db/schema';
import { preparedDatabase } from './support/deployed-bench';
import { loginAt, startDeployedApp } from './support/deployed';
import { createLoggedInUsers, type BenchUser } from './support/sessions';
import type { BenchReport } from './report';

const HOME = 'DEMO000001';
const MANAGER = '13800000002';

export interface RushOptions {
  /** People signing up (each a resident: a home in the community's register). */
  residents?: number;
  /** The event's places. */
  places?: number;
  /** The sign-ups are sent evenly over this many seconds; all must be answered within `limitSeconds`. */
  spreadSeconds?: number;
  limitSeconds?: number;
}

/** p-th percentile of sorted milliseconds. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** One sign-up as a phone sends it: POST with the token in the body. */
async function signUp(origin: string, agent: Agent, eventId: string, token: string): Promise<{ status: number; signup?: string; ms: number }> {
  const body = JSON.stringify({ token });
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(`${origin}/v1/events/${eventId}/signup`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        const ms = performance.now() - started;
        try {
          resolve({ status: res.statusCode ?? 0, signup: (JSON.parse(text) as { data?: { signup?: { status: string } } }).data?.signup?.status, ms });
        } catch {
          resolve({ status: res.statusCode ?? 0, ms });
        }
      });
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/**
 * 社区活动's sign-up rush (issue 34 "Done when": 1,000 residents for 100 places within 10 s, 0
 * errors, exactly 100 confirmed), against the app as deployed (the built server in its own
 * process, access log to a file). The residents are written straight in (users, sessions, a home
 * each in the unit register); the event is a residents' event open for sign-up now. The requests
 * go out evenly over `spreadSeconds` on keep-alive connections; the confirmed places are then
 * read as its staff read them (the sign-up list's counts) and from each answer.
 */
export async function runSignupRush(o: RushOptions = {}): Promise<BenchReport> {
  const residents = o.residents ?? 1000;
  const places = o.places ?? 100;
  const spread = o.spreadSeconds ?? 5;
  const limit = o.limitSeconds ?? 10;
  let people: BenchUser[] = [];
  let eventId = '';
  const store = await preparedDatabase(async ({ database, pii }) => {
    const db = database.db;
    people = await createLoggedInUsers(db, pii, residents, 34);
    const homes = await db
      .insert(units)
      .values(people.map((_, i) => ({ poiId: HOME, building: 'R', unitNo: '1', room: String(10_000 + i), areaCenti: 8000 })))
      .returning({ id: units.id });
    await db.insert(unitOwners).values(people.map((p, i) => ({ unitId: homes[i]!.id, mobileHash: pii.hash(p.mobile), mobileEnc: pii.encrypt(p.mobile), sort: 0 })));
    const now = Date.now();
    const hour = 3_600_000;
    const [row] = await db
      .insert(events)
      .values({
        poiId: HOME,
        kind: 'festival',
        title: '中秋游园会（抢报）',
        place: '中心广场',
        startsAt: new Date(now + 72 * hour),
        endsAt: new Date(now + 75 * hour),
        signupOpensAt: new Date(now - hour),
        signupClosesAt: new Date(now + 70 * hour),
        cancelUntil: new Date(now + 48 * hour),
        capacity: places,
        audience: 'residents',
        status: 'published',
        byStaff: true,
        ticketKey: randomBytes(32),
      })
      .returning({ id: events.id });
    eventId = row!.id;
    await db.execute(sql`analyze ${eventSignups}`);
  });
  const app = await startDeployedApp(store.env);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const started = performance.now();
    const gap = (spread * 1000) / residents;
    const answers = await Promise.all(
      people.map(async (p, i) => {
        await new Promise((r) => setTimeout(r, i * gap));
        return signUp(app.origin, agent, eventId, p.token);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const errors = answers.filter((a) => a.status !== 200).length;
    const confirmedAnswers = answers.filter((a) => a.signup === 'confirmed').length;
    const waitingAnswers = answers.filter((a) => a.signup === 'waiting').length;
    const manager = await loginAt(app.origin, MANAGER);
    const list = (await fetch(`${app.origin}/v1/manage/events/${eventId}/signups`, { headers: { token: manager } }).then((r) => r.json())) as {
      data: { counts: { confirmed: number; waiting: number } };
    };
    const { confirmed, waiting } = list.data.counts;
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const ok = errors === 0 && confirmed === places && confirmedAnswers === places && waiting === residents - places && seconds <= limit;
    const lines = [
      `${residents.toLocaleString('en-US')} residents for ${places} places, sent over ${spread} s: all answered in ${seconds.toFixed(2)} s (limit ${limit} s)`,
      `errors ${errors} (must be 0); confirmed ${confirmed} (must be exactly ${places}; answers said ${confirmedAnswers}), waiting ${waiting} (answers said ${waitingAnswers})`,
      `latency p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${ms[ms.length - 1]!.toFixed(1)} ms`,
      ok ? 'PASS' : 'FAIL',
    ];
    for (const line of lines) console.log(`    ${line}`);
    return {
      name: `社区活动 sign-up rush (${store.database.kind}, as deployed)`,
      unit: 'sign-ups/s',
      baseline: { label: 'sent', value: residents / spread },
      measured: { label: 'POST /v1/events/:id/signup answered', value: residents / seconds },
      notes: lines.join('\n    '),
    };
  } finally {
    agent.destroy();
    await app.stop();
    await store.drop();
  }
}
