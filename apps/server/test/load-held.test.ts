import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASS_POLL_MS } from '@sq/contract/pass/check-code-info';
import { sessions, users } from '../src/db/schema';
import { newOpenId, newToken, sha256 } from '../src/lib/crypto';
import { freshMobile, idCard } from './support/factories';
import { startListeningApp, type ListeningApp } from './support/listening-app';

/**
 * Residents waiting at the gate, held for a while over the real HTTP port: each shows its own
 * fresh pass code and asks POST /v1/userCard/checkCodeInfo every 2 s (as the pass page does),
 * while duty staff scan waiting codes at a steady rate. Every answer must be a 200, and every scan
 * must be seen by the first poll its resident sends after the scan was acknowledged – the next
 * poll, not the one after. A resident who was let through fetches a new pass and waits again, so
 * N people wait throughout.
 *
 * Bounded for `npm test`; the issue's figure is run by hand:
 *   LOAD_RESIDENTS=1000 LOAD_SECONDS=60 npx vitest run --project server apps/server/test/load-held.test.ts
 */
const RESIDENTS = Number(process.env.LOAD_RESIDENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const SCANS_PER_SECOND = Number(process.env.LOAD_SCANS_PER_SECOND ?? 5);
/** The seeing poll's own round trip on top of the poll period (the period itself is not slack). */
const ROUND_TRIP_MS = Number(process.env.LOAD_ROUND_TRIP_MS ?? 500);
const HOME = 'DEMO000001';

let app: ListeningApp;
let agent: http.Agent;
let port: number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the fields it asserts
type Answer = { status: number; body: { code: number; message: string; data: any } };

/** One request over a keep-alive connection, as a phone's browser would reuse its connection. */
function send(method: 'GET' | 'POST', path: string, token: string, body?: object): Promise<Answer> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { token, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) });
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

beforeAll(async () => {
  app = await startListeningApp();
  port = Number(new URL(app.origin).port);
  agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
});
afterAll(async () => {
  agent?.destroy();
  await app?.close();
});

interface Waiting {
  code: string;
  /** When the scan of this code was acknowledged (200 received), if it was scanned. */
  scannedAt?: number;
  /** Answer time of the first poll started after the scan, and what it said. */
  firstPollAfterScan?: { answeredAt: number; isUse: number; lateMs: number };
  /** Answer time of the first poll that said "let through". */
  seenAt?: number;
}

/** An account for `mobile` with a live session, as the SMS login writes them. */
async function sessionFor(mobile: string): Promise<string> {
  const [user] = await app.database.db
    .insert(users)
    .values({ openId: newOpenId(), mobileHash: app.pii.hash(mobile), mobileEnc: app.pii.encrypt(mobile), username: mobile.slice(-4) })
    .returning({ id: users.id });
  const token = newToken();
  await app.database.db.insert(sessions).values({ tokenHash: sha256(token), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

describe(`${RESIDENTS} residents polling every ${PASS_POLL_MS / 1000} s for ${SECONDS} s while staff scan ${SCANS_PER_SECOND}/s`, () => {
  it('answers every request with 200 and shows every scan at the resident’s next poll', async () => {
    // One account per resident (a person holds one valid code per direction), each with an
    // approved pass entered by the manager; logged in by writing sessions (the SMS login is
    // limited per address).
    const manager = await app.login('13800000002');
    const duty = await app.login('13800000003');
    const accounts: string[] = [];
    for (let i = 0; i < RESIDENTS; i++) {
      const mobile = freshMobile();
      const entered = await send('POST', '/v1/userCard', manager, { poiId: HOME, name: `排队${i}`, mobile, card: idCard(), owner: '业主', address: `${i % 30}号楼`, isReturn: 0, import: 1 });
      expect(entered.status, JSON.stringify(entered.body)).toBe(200);
      accounts.push(await sessionFor(mobile));
    }

    const errors: string[] = [];
    const pollMs: number[] = [];
    const scanMs: number[] = [];
    let polls = 0;
    let arrived = 0;
    let allArrived = 0;
    let scanFrom = 0;
    let skippedTicks = 0;
    let lateTicks = 0;
    const seen: Waiting[] = [];
    const scanned: Waiting[] = [];
    /** Codes whose resident has polled at least once and was not scanned yet: the queue at the gate. */
    const queue: { resident: number; waiting: Waiting }[] = [];
    const start = performance.now();
    const end = start + SECONDS * 1000;
    const record = (what: string, e: unknown) => {
      if (errors.length < 1000) errors.push(`${what}: ${e instanceof Error ? e.message : JSON.stringify(e)}`);
    };

    async function newPass(token: string): Promise<Waiting | null> {
      try {
        const my = await send('GET', `/v1/userCard/my?poiId=${HOME}&pass=1`, token);
        if (my.status !== 200 || !my.body.data.userCard.code) throw my.body;
        return { code: my.body.data.userCard.code };
      } catch (e) {
        record('my', e);
        return null;
      }
    }

    async function resident(index: number) {
      const token = accounts[index % accounts.length]!;
      // Arrivals spread over the first poll period.
      await new Promise((r) => setTimeout(r, Math.random() * PASS_POLL_MS));
      let waiting = await newPass(token);
      if (++arrived === RESIDENTS) allArrived = performance.now();
      let inQueue = false;
      // The pass page's setInterval: ticks on a fixed 2 s grid; a tick while a poll is still out is skipped.
      let tick = performance.now();
      while (waiting && tick < end) {
        const sentAt = performance.now();
        if (sentAt - tick > 100) lateTicks++;
        const current: Waiting = waiting;
        try {
          const res = await send('POST', '/v1/userCard/checkCodeInfo', token, { poiId: HOME, code: current.code });
          const answeredAt = performance.now();
          polls++;
          pollMs.push(answeredAt - sentAt);
          if (res.status !== 200) throw res.body;
          const isUse = res.body.data.codeInfo.isUse as number;
          if (current.scannedAt !== undefined && sentAt >= current.scannedAt && !current.firstPollAfterScan) {
            current.firstPollAfterScan = { answeredAt, isUse, lateMs: sentAt - tick };
          }
          if (isUse === 1) {
            current.seenAt = answeredAt;
            // Let through: the next person in this line arrives with a fresh pass.
            seen.push(current);
            inQueue = false;
            waiting = await newPass(token);
          } else if (!inQueue) {
            queue.push({ resident: index, waiting: current });
            inQueue = true;
          }
        } catch (e) {
          record('checkCodeInfo', e);
        }
        const now = performance.now();
        do {
          tick += PASS_POLL_MS;
          if (tick < now) skippedTicks++;
        } while (tick < now);
        await new Promise((r) => setTimeout(r, Math.max(0, tick - performance.now())));
      }
    }

    async function scanner() {
      const every = 1000 / SCANS_PER_SECOND;
      // Scanning starts once everyone is waiting with a pass (the arrivals are a burst of their
      // own: every pass load writes a new code) and has had a poll period to ask once.
      while (!allArrived && performance.now() < end) await new Promise((r) => setTimeout(r, 50));
      let next = (scanFrom = Math.max(start, allArrived) + PASS_POLL_MS);
      const inFlight: Promise<void>[] = [];
      while (next < end - PASS_POLL_MS) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
        next += every;
        // The person at the front of the queue holds up their phone.
        const front = queue.splice(Math.floor(Math.random() * Math.min(queue.length, 20)), 1)[0];
        if (!front) continue;
        const w = front.waiting;
        inFlight.push(
          (async () => {
            const sentAt = performance.now();
            try {
              const res = await send('POST', '/v1/userCard/userInfo', duty, { poiId: HOME, code: w.code });
              scanMs.push(performance.now() - sentAt);
              if (res.status !== 200 || !res.body.data.scan) throw res.body;
              w.scannedAt = performance.now();
              scanned.push(w);
            } catch (e) {
              record('scan', e);
            }
          })(),
        );
      }
      await Promise.all(inFlight);
    }

    await Promise.all([...Array.from({ length: RESIDENTS }, (_, i) => resident(i)), scanner()]);
    const elapsed = (performance.now() - start) / 1000;

    // Scans whose resident polled again after the acknowledgement (those in the last moments may not have).
    const checked = scanned.filter((w) => w.firstPollAfterScan);
    const stale = checked.filter((w) => w.firstPollAfterScan!.isUse !== 1);
    // From the scan's acknowledgement to the resident's page knowing (never negative: a poll sent
    // just before may bring the news before the scanner's own answer arrives). Never seen: infinite.
    const delays = checked.map((w) => (w.seenAt === undefined ? Infinity : Math.max(0, w.seenAt - w.scannedAt!))).sort((a, b) => a - b);
    // The same, less any lateness of the test's own timer for that poll (a busy test process,
    // not the server): what the bound below holds the server to.
    const serverDelays = checked.map((w) => (w.seenAt === undefined ? Infinity : w.seenAt - w.scannedAt! - w.firstPollAfterScan!.lateMs));
    const sortedPolls = [...pollMs].sort((a, b) => a - b);
    const sortedScans = [...scanMs].sort((a, b) => a - b);
    const summary = {
      database: app.database.kind,
      residents: RESIDENTS,
      seconds: Number(elapsed.toFixed(1)),
      arrivalSeconds: Number(((allArrived - start) / 1000).toFixed(1)),
      polls,
      pollsPerSecond: Math.round(polls / elapsed),
      pollP50Ms: Number(percentile(sortedPolls, 50).toFixed(1)),
      pollP99Ms: Number(percentile(sortedPolls, 99).toFixed(1)),
      pollMaxMs: Number((sortedPolls.at(-1) ?? 0).toFixed(1)),
      scans: scanned.length,
      scanP99Ms: Number(percentile(sortedScans, 99).toFixed(1)),
      scansChecked: checked.length,
      staleAnswers: stale.length,
      maxScanToSeenMs: Number((delays.at(-1) ?? 0).toFixed(1)),
      lateTicks,
      skippedTicks,
      errors: errors.length,
    };
    console.info(`load-held: ${JSON.stringify(summary)}${errors.length ? `\nfirst errors:\n${errors.slice(0, 10).join('\n')}` : ''}`);

    expect(errors.slice(0, 10)).toEqual([]);
    expect(polls).toBeGreaterThanOrEqual(Math.floor(RESIDENTS * (SECONDS / (PASS_POLL_MS / 1000)) * 0.85));
    // Enough scans happened and were checked for the next assertions to mean something.
    expect(allArrived, 'everyone got a pass before the end').toBeGreaterThan(0);
    expect(checked.length).toBeGreaterThanOrEqual(Math.max(10, Math.floor((SCANS_PER_SECOND * (end - PASS_POLL_MS - scanFrom)) / 1000 * 0.8)));
    expect(stale.map((w) => w.code.slice(0, 8))).toEqual([]);
    expect(Math.max(0, ...serverDelays)).toBeLessThanOrEqual(PASS_POLL_MS + ROUND_TRIP_MS);
    expect(seen.length).toBeGreaterThanOrEqual(checked.length);
  }, (SECONDS + 60) * 1000);
});
