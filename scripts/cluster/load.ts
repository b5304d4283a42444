// The clients of the failover test: residents logging in, registering and polling their pass
// through the load balancer, every answer recorded with its time.
import { person, type Person } from '../../bench/support/people';

export interface Answer {
  kind: 'register' | 'poll';
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
    const json = (await res.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
    return { status: res.status, data: json?.data ?? null };
  } catch {
    return { status: 0, data: null };
  }
}

/** Logs a person in with the development SMS code; each from its own client address. */
export async function login(origin: string, mobile: string, address: string): Promise<string> {
  const headers = { 'x-forwarded-for': address };
  const sent = await post(origin, '/v1/auth/smsCode', { mobile }, headers);
  if (sent.status !== 200) throw new Error(`smsCode for ${mobile}: ${sent.status}`);
  const done = await post(origin, '/v1/auth/login', { mobile, code: sent.data!.devCode }, headers);
  if (done.status !== 200) throw new Error(`login of ${mobile}: ${done.status}`);
  return done.data!.token as string;
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
