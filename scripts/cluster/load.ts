// The clients of the failover test: residents logging in, registering and polling their pass
// through the load balancer, every answer recorded with its time.
import { secondsOfSmsTooSoon } from '@sq/contract/auth/send-sms-code';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import { newDeviceKeyPair, signedPassCodeAt, type DeviceKey } from '@sq/contract/pass/signed-code';
import { person, type Person } from '../../bench/support/people';

export interface Answer {
  kind: 'register' | 'poll' | 'scan' | 'vote';
  start: number;
  end: number;
  /** HTTP status, or 0 when no answer came (connection refused or cut, timeout). */
  status: number;
}

export interface Resident {
  person: Person;
  token: string;
  /** Set once an answer to one of its submits was lost (503, no answer): the client repeats. */
  repeated?: boolean;
}

export const HOME = 'DEMO000001';
export const answers: Answer[] = [];

/** POST JSON; never throws: a request that gets no answer is status 0. */
export async function post(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  try {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as { data?: Record<string, unknown>; message?: string } | null;
    return { status: res.status, data: json?.data ?? null, message: json?.message ?? '' };
  } catch {
    return { status: 0, data: null, message: '' };
  }
}

/** Logs a person in with the development SMS code; each from its own client address. */
export async function login(origin: string, mobile: string, address: string): Promise<string> {
  const headers = { 'x-forwarded-for': address };
  // Setting up, not measured: an answer lost on a loaded machine (no answer, 503) is asked again.
  for (let attempt = 1; ; attempt++) {
    const sent = await post(origin, '/v1/auth/smsCode', { mobile }, headers);
    // The same person's second phone within the resend limit: wait as the login page counts down.
    const wait = sent.status === 429 ? secondsOfSmsTooSoon(sent.message) : null;
    if (wait !== null) {
      await sleep(wait * 1000 + 200);
      attempt--;
      continue;
    }
    const done = sent.status === 200 ? await post(origin, '/v1/auth/login', { mobile, code: sent.data!.devCode }, headers) : sent;
    if (done.status === 200) return done.data!.token as string;
    if ((done.status !== 0 && done.status !== 503) || attempt === 3) throw new Error(`login of ${mobile}: ${done.status}`);
    await sleep(1000);
  }
}

export async function loginMany(origin: string, count: number, series: number): Promise<Resident[]> {
  const people = Array.from({ length: count }, (_, i) => person(i, series));
  const out: Resident[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = next++; i < count; i = next++) {
        const p = people[i]!;
        out.push({ person: p, token: await login(origin, p.mobile, `10.${series}.${Math.floor(i / 250)}.${i % 250}`) });
      }
    }),
  );
  return out;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One resident after the other submits a registration, as the form does: an answer lost (503, no
 * answer) is repeated until one comes; a repeat answered 409 (已提交，待审核) means the first
 * attempt was written after all. Returns the acknowledged registration ids and who got a 409.
 */
export async function registerLoop(origin: string, queue: Resident[], running: () => boolean, pauseMs: number) {
  const acknowledged: { id: string; resident: Resident }[] = [];
  const answered409: Resident[] = [];
  for (let r = queue.shift(); r && running(); r = queue.shift()) {
    const p = r.person;
    const body = { poiId: HOME, name: p.name, mobile: p.mobile, card: p.card, owner: '业主', address: p.address, isReturn: 0, No: p.buildingNo, consent: 1 };
    for (;;) {
      const start = Date.now();
      const res = await post(origin, '/v1/userCard', body, { token: r.token });
      answers.push({ kind: 'register', start, end: Date.now(), status: res.status });
      if (res.status === 200) acknowledged.push({ id: res.data!._id as string, resident: r });
      // A repeat – the client's own after a lost answer, or the balancer's after a node died
      // holding the request – answered 409: the first attempt was written (checked afterwards).
      else if (res.status === 409) answered409.push(r);
      else if ((res.status === 503 || res.status === 0) && running()) {
        r.repeated = true;
        await sleep(300);
        continue;
      }
      break;
    }
    await sleep(pauseMs);
  }
  return { acknowledged, answered409 };
}

/** The pass page's poll of its code's state, every `everyMs`. */
export async function pollLoop(origin: string, token: string, code: string, running: () => boolean, everyMs: number) {
  while (running()) {
    const start = Date.now();
    const res = await post(origin, '/v1/userCard/checkCodeInfo', { poiId: HOME, code }, { token });
    answers.push({ kind: 'poll', start, end: Date.now(), status: res.status });
    await sleep(everyMs);
  }
}

/** Whether the resident's registration is there: the pass page shows it under their name. */
export async function hasRegistration(origin: string, r: Resident) {
  const res = await fetch(`${origin}/v1/userCard/my?poiId=${HOME}&pass=1`, { headers: { token: r.token } }).catch(() => null);
  const body = (await res?.json().catch(() => null)) as { data?: { userCard?: { name?: string } } } | null;
  return body?.data?.userCard?.name === r.person.name;
}

/** GET JSON with a token; never throws (status 0 when no answer came). */
export async function get(origin: string, path: string, token: string) {
  try {
    const res = await fetch(`${origin}${path}`, { headers: { token }, signal: AbortSignal.timeout(15_000) });
    const json = (await res.json().catch(() => null)) as { data?: Record<string, unknown>; message?: string } | null;
    return { status: res.status, data: json?.data ?? null, message: json?.message ?? '' };
  } catch {
    return { status: 0, data: null, message: '' };
  }
}

/**
 * The duty staff at the gate: one approved resident after the other shows a fresh pass code
 * (read through the balancer) and is scanned in. A scan that got no answer or a 503 is scanned
 * again, as the scanner does; a repeat the server recognises is answered `repeat` and logged once.
 * Returns the registrations whose scan was acknowledged as new or as a repeat.
 */
export async function scanLoop(origin: string, duty: string, queue: { registration: string; token: string }[], running: () => boolean, pauseMs: number) {
  const acknowledged: string[] = [];
  for (let r = queue.shift(); r && running(); r = queue.shift()) {
    let code: string | undefined;
    while (!code && running()) {
      const mine = await get(origin, `/v1/userCard/my?poiId=${HOME}&pass=1`, r.token);
      code = (mine.data?.userCard as { code?: string } | undefined)?.code;
      if (!code) await sleep(300);
    }
    // The same code again after a lost answer, as the scanner re-sends what its camera read.
    while (code) {
      const start = Date.now();
      const res = await post(origin, '/v1/gate/scan', { poiId: HOME, code, pass: 1 }, { token: duty });
      answers.push({ kind: 'scan', start, end: Date.now(), status: res.status });
      if (res.status === 200) acknowledged.push(r.registration);
      else if ((res.status === 503 || res.status === 0) && running()) {
        await sleep(300);
        continue;
      }
      break;
    }
    await sleep(pauseMs);
  }
  return acknowledged;
}

/** A scan the phone decided with its kit while the server did not answer, waiting to be sent. */
export interface QueuedScan {
  registration: string;
  code: string;
  pass: 1;
  at: number;
  kit: string;
}

/**
 * A second gate phone, as the scanner page behaves (features/gate/pages/gate-scanner-page.tsx):
 * one online try per code; when the server answers 503 or nothing, the phone lets the person
 * through on its offline kit and queues the scan instead of trying again. What was acknowledged
 * online, and the queue to send once the network is back.
 */
export async function offlineScanLoop(origin: string, duty: string, kit: string, queue: { registration: string; phone: DeviceKey }[], running: () => boolean, pauseMs: number) {
  const acknowledged: string[] = [];
  const queued: QueuedScan[] = [];
  for (let r = queue.shift(); r && running(); r = queue.shift()) {
    // The resident's phone signs its code itself (only such a code can be checked on a kit).
    const start = Date.now();
    const code = signedPassCodeAt(r.phone, 1, codeStepAt(start));
    const res = await post(origin, '/v1/gate/scan', { poiId: HOME, code, pass: 1 }, { token: duty });
    answers.push({ kind: 'scan', start, end: Date.now(), status: res.status });
    if (res.status === 200) acknowledged.push(r.registration);
    else if (res.status === 503 || res.status === 0) queued.push({ registration: r.registration, code, pass: 1, at: start, kit });
    await sleep(pauseMs);
  }
  return { acknowledged, queued };
}

/** The phone's own signing key for a resident's pass, registered as the pass page does on opening. */
export async function phoneKey(origin: string, token: string): Promise<DeviceKey> {
  const pair = newDeviceKeyPair();
  const mine = await get(origin, `/v1/userCard/my?poiId=${HOME}&pass=1`, token);
  const id = (mine.data?.userCard as { codeKey?: { id: string } } | undefined)?.codeKey?.id;
  const made = await post(origin, '/v1/userCard/passKey', { poiId: HOME, publicKey: pair.publicKey }, { token });
  if (!id || made.status !== 200) throw new Error(`pass key not registered: ${made.status}`);
  return { id, kid: made.data!.kid as number, privateKey: pair.privateKey };
}

/** Sends the queued scans (as the scanner does when the network is back); the server's result per scan. */
export async function sendQueued(origin: string, duty: string, queued: QueuedScan[]) {
  const results: { registration: string; result: string }[] = [];
  for (let i = 0; i < queued.length; i += 200) {
    const batch = queued.slice(i, i + 200);
    for (let attempt = 0; ; attempt++) {
      const res = await post(origin, '/v1/gate/offlineScans', { poiId: HOME, scans: batch.map(({ code, pass, at, kit }) => ({ code, pass, at, kit })) }, { token: duty });
      if (res.status === 200) {
        const answered = res.data!.results as { result: string }[];
        batch.forEach((q, j) => results.push({ registration: q.registration, result: answered[j]!.result }));
        break;
      }
      if (attempt >= 20) throw new Error(`offline scans not taken: ${res.status}`);
      await sleep(1000);
    }
  }
  return results;
}

/**
 * Residents vote in a poll one after the other; a vote that got no answer or a 503 is sent again
 * (a second one that was already counted is answered 409 您已投过票). Who was acknowledged, and
 * who got a 409 on a repeat.
 */
export async function voteLoop(origin: string, pollId: string, option: string, queue: Resident[], running: () => boolean, pauseMs: number) {
  const acknowledged: Resident[] = [];
  const answered409: Resident[] = [];
  for (let r = queue.shift(); r && running(); r = queue.shift()) {
    for (;;) {
      const start = Date.now();
      const res = await post(origin, '/v1/polls/vote', { id: pollId, options: option }, { token: r.token });
      answers.push({ kind: 'vote', start, end: Date.now(), status: res.status });
      if (res.status === 200) acknowledged.push(r);
      else if (res.status === 409) answered409.push(r);
      else if ((res.status === 503 || res.status === 0) && running()) {
        await sleep(300);
        continue;
      }
      break;
    }
    await sleep(pauseMs);
  }
  return { acknowledged, answered409 };
}
