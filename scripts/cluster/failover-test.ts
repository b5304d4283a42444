// `npm run test:cluster` (issue 38 item 5; not part of `npm test`): brings the local cluster up,
// drives registrations, pass-page polls, gate scans and votes through the load balancer, SIGKILLs the primary's
// PostgreSQL, then a whole app node, restarts every node in turn, and counts what users saw and
// what was kept.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { appNodes, databaseUrl, lbOrigin, members, root } from './layout.mjs';
import { clusterState, startApp } from './start.mjs';
import { pidOf, stop } from './processes.mjs';
import { answers, get, hasRegistration, HOME, login, loginMany, offlineScanLoop, phoneKey, pollLoop, post, registerLoop, scanLoop, sendQueued, sleep, voteLoop, type Answer, type Resident } from './load';

const base = path.resolve(process.env.CLUSTER_DIR ?? '/tmp/sq-cluster/test');
/**
 * `npm run cluster -- <args>` in a child, awaited without blocking this process's event loop: the
 * app nodes this test restarts are its own children, and a blocked loop would not reap them.
 */
const cluster = (...args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/cluster/cluster.mjs'), ...args, '--dir', base], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cluster ${args.join(' ')} exited with ${code}`))));
  });
const WRITERS = 4;
const POLLERS = 4;
const RESIDENTS = 3000;
/** Residents with an approved pass whom the duty staff scan in during the test, and residents who vote. */
const AT_THE_GATE = 150;
/** Residents scanned at a second gate whose phone decides offline when the server does not answer. */
const AT_THE_OFFLINE_GATE = 100;
const VOTERS = 400;

/** Residents registered and approved before the test starts: the gate's queue. */
async function approvedResidents(manager: string, count: number, series: number) {
  const people = await loginMany(lbOrigin, count, series);
  const out: { registration: string; token: string }[] = [];
  for (const r of people) {
    const p = r.person;
    const body = { poiId: HOME, name: p.name, mobile: p.mobile, card: p.card, owner: '业主', address: p.address, isReturn: 0, No: p.buildingNo, consent: 1 };
    const made = await post(lbOrigin, '/v1/userCard', body, { token: r.token });
    const id = made.data?._id as string;
    const approved = await post(lbOrigin, '/v1/userCard/verify', { poiId: HOME, _id: id, status: 1 }, { token: manager });
    if (made.status !== 200 || approved.status !== 200) throw new Error(`could not prepare a pass: ${made.status} ${approved.status}`);
    out.push({ registration: id, token: r.token });
  }
  return out;
}

/** A plain poll the voters answer; its id and first option. */
async function openPoll(author: string) {
  const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  const made = await post(lbOrigin, '/v1/polls', { title: '故障切换中的投票', options: [{ title: '赞成' }, { title: '反对' }], end_time: `${tomorrow} 12:00`, type: 0 }, { token: author });
  const id = (made.data?.poll as { _id: string })._id;
  const detail = await get(lbOrigin, `/v1/polls/${id}`, author);
  return { id, option: (detail.data?.poll as { options: { option_id: string }[] }).options[0]!.option_id };
}

const hasVoted = async (pollId: string, r: Resident) => (await get(lbOrigin, `/v1/polls/${pollId}`, r.token)).data?.isVote === '1';

/** The resident's pass code of one direction, read from one app node. */
async function passCode(origin: string, token: string, direction: 1 | 2) {
  const res = await fetch(`${origin}/v1/userCard/my?poiId=${HOME}&pass=${direction}`, { headers: { token } });
  return ((await res.json()) as { data: { userCard: { code: string } } }).data.userCard.code;
}

/**
 * A scan through one app node reaches the pass page polling another: the NOTIFY of the scan is
 * heard by a LISTEN that had to be re-opened on the new primary.
 */
async function liveUpdateAcrossNodes(resident: string, duty: string, direction: 1 | 2) {
  const [a, b] = appNodes.map((n) => `http://127.0.0.1:${n.port}`) as [string, string];
  const code = await passCode(b, resident, direction);
  const isUse = async () => ((await post(b, '/v1/userCard/checkCodeInfo', { poiId: HOME, code }, { token: resident })).data?.codeInfo as { isUse: number } | undefined)?.isUse;
  if ((await isUse()) !== 0) return false;
  const scanned = await post(a, '/v1/userCard/userInfo', { poiId: HOME, code }, { token: duty });
  if (scanned.status !== 200) return false;
  for (let i = 0; i < 50; i++) {
    if ((await isUse()) === 1) return true;
    await sleep(50);
  }
  return false;
}

/** Failed answers counted by kind and status (`scan 503`); 0 is no answer at all. */
function failures(list: Answer[]) {
  const byStatus: Record<string, number> = {};
  for (const a of list) if (a.status !== 200) byStatus[`${a.kind} ${a.status}`] = (byStatus[`${a.kind} ${a.status}`] ?? 0) + 1;
  return byStatus;
}

async function main() {
  await cluster('down', '--clean');
  await cluster('up');
  const resident = await login(lbOrigin, '13800000004', '10.9.0.1');
  const duty = await login(lbOrigin, '13800000003', '10.9.0.2');
  const manager = await login(lbOrigin, '13800000002', '10.9.0.3');
  const residents = await loginMany(lbOrigin, RESIDENTS, 6);
  const atTheGate = await approvedResidents(manager, AT_THE_GATE, 5);
  const atTheOfflineGate = await Promise.all((await approvedResidents(manager, AT_THE_OFFLINE_GATE, 7)).map(async (r) => ({ ...r, phone: await phoneKey(lbOrigin, r.token) })));
  const dutyTwo = await login(lbOrigin, '13800000003', '10.9.0.4');
  // The second phone's kit, downloaded before the rush as the scanner page does on opening.
  const kit = (await get(lbOrigin, `/v1/gate/offlineKit?poiId=${HOME}`, dutyTwo)).data?.kitId as string;
  if (!kit) throw new Error('no offline kit');
  const voters = await loginMany(lbOrigin, VOTERS, 4);
  const poll = await openPoll(resident);
  const code = await passCode(lbOrigin, resident, 1);
  const startedAt = new Date();

  let running = true;
  const queue = [...residents];
  const writers = Array.from({ length: WRITERS }, () => registerLoop(lbOrigin, queue, () => running, 100));
  const pollers = Array.from({ length: POLLERS }, () => pollLoop(lbOrigin, resident, code, () => running, 100));
  const scanner = scanLoop(lbOrigin, duty, [...atTheGate], () => running, 300);
  const offlineScanner = offlineScanLoop(lbOrigin, dutyTwo, kit, [...atTheOfflineGate], () => running, 400);
  const voterQueue = [...voters];
  const voting = Array.from({ length: 2 }, () => voteLoop(lbOrigin, poll.id, poll.option, voterQueue, () => running, 200));
  await sleep(5000);

  // 1. The primary's PostgreSQL dies at once (as the machine would): no shutdown, no checkpoint.
  const before = await clusterState();
  const oldLeader = before.members.find((m: { role: string }) => m.role === 'leader')!.name as string;
  const postmaster = Number(fs.readFileSync(path.join(base, oldLeader, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const killedDbAt = Date.now();
  process.kill(postmaster, 'SIGKILL');
  console.log(`\nSIGKILL ${oldLeader}'s PostgreSQL (pid ${postmaster})`);
  let newLeader = '';
  let promotedAt = 0;
  while (!promotedAt && Date.now() - killedDbAt < 60_000) {
    const state = await clusterState().catch(() => null);
    const leader = state?.members.find((m: { role: string; state: string }) => m.role === 'leader' && m.state === 'running');
    if (leader && leader.name !== oldLeader) [newLeader, promotedAt] = [leader.name, Date.now()];
    else await sleep(200);
  }
  const firstWrite = () => answers.filter((a) => a.kind === 'register' && a.status === 200 && a.start > killedDbAt).sort((x, y) => x.end - y.end)[0];
  while (!firstWrite() && Date.now() - killedDbAt < 90_000) await sleep(200);
  await sleep(5000);
  const liveAfterFailover = await liveUpdateAcrossNodes(resident, duty, 2);

  // 2. A whole app node dies with the requests it holds.
  const victim = appNodes[0]!;
  const killedAppAt = Date.now();
  process.kill(pidOf(base, victim.name)!, 'SIGKILL');
  console.log(`SIGKILL ${victim.name}`);
  await sleep(10_000);

  // 3. A rolling restart under the same load: the killed node comes back, then each node in turn
  // is stopped with SIGTERM (it drains), started again and taken back by the load balancer.
  await startApp(base, victim);
  await sleep(3000);
  const rollingFrom = Date.now();
  for (const node of appNodes) {
    await stop(base, node.name, 30_000);
    await startApp(base, node);
    await sleep(3000); // HAProxy's `rise 2` at 1 s intervals, and a margin
  }
  const rollingTo = Date.now();
  running = false;
  const written = await Promise.all(writers);
  await Promise.all(pollers);
  const scanned = await scanner;
  const offlineGate = await offlineScanner;
  // The network is back: the second phone sends what it let through on its kit.
  const sent = await sendQueued(lbOrigin, dutyTwo, offlineGate.queued);
  const voted = await Promise.all(voting);
  const endedAt = Date.now();

  // Every acknowledged registration must be there, on the new primary.
  const acknowledged = written.flatMap((w) => w.acknowledged);
  const answered409 = written.flatMap((w) => w.answered409);
  const missing409 = (await Promise.all(answered409.map((r) => hasRegistration(lbOrigin, r)))).filter((found) => !found).length;
  const client = new pg.Client({ connectionString: databaseUrl(base) });
  await client.connect();
  const found = await client.query<{ id: string }>('select id from registrations where id = any($1::uuid[])', [acknowledged.map((a) => a.id)]);
  const twice = await client.query<{ n: string }>(
    `select count(*) as n from (select user_id from registrations where created_at >= $1 and poi_id = $2 group by user_id having count(*) > 1) d`,
    [startedAt, HOME],
  );
  // Every acknowledged scan logged once: none lost, none logged twice (a re-sent scan is a repeat).
  const logs = await client.query<{ registration_id: string; n: string }>(
    'select registration_id, count(*) as n from entry_logs where registration_id = any($1::uuid[]) and created_at >= $2 group by registration_id',
    [[...atTheGate, ...atTheOfflineGate].map((g) => g.registration), startedAt],
  );
  await client.end();
  const logged = new Map(logs.rows.map((r) => [r.registration_id, Number(r.n)]));
  const scansLost = scanned.filter((id) => !logged.get(id)).length;
  const scansTwice = [...logged.values()].filter((n) => n > 1).length;
  // The second gate: every person let through – online or on the kit – logged once.
  const offlineThrough = [...offlineGate.acknowledged, ...offlineGate.queued.map((q) => q.registration)];
  const offlineLost = offlineThrough.filter((id) => !logged.get(id)).length;
  const offlineRefused = sent.filter((r) => r.result === 'refused').length;
  const votesAcknowledged = voted.flatMap((v) => v.acknowledged);
  const votes409 = voted.flatMap((v) => v.answered409);
  const votesLost = (await Promise.all(votesAcknowledged.map((r) => hasVoted(poll.id, r)))).filter((v) => !v).length;
  const votes409NotCounted = (await Promise.all(votes409.map((r) => hasVoted(poll.id, r)))).filter((v) => !v).length;
  const lost = acknowledged.length - found.rowCount!;

  const firstOk = firstWrite();
  const inDbWindow = (a: Answer) => a.end >= killedDbAt && a.start <= (firstOk?.end ?? endedAt);
  const inAppWindow = (a: Answer) => a.end >= killedAppAt && a.start <= killedAppAt + 10_000;
  const inRolling = (a: Answer) => a.end >= rollingFrom && a.start <= rollingTo;
  // A repeat answered 409 (registration, vote) was written the first time: checked above, not a failure.
  const failed = answers.filter((a) => a.status !== 200 && !((a.kind === 'register' || a.kind === 'vote') && a.status === 409));
  const figures = {
    engines: { members: members.length, appNodes: appNodes.length },
    requests: answers.length,
    registrations: { acknowledged: acknowledged.length, lost, writtenTwice: Number(twice.rows[0]!.n), repeatsAnswered409: answered409.length, repeatsAnswered409NotWritten: missing409 },
    polls: answers.filter((a) => a.kind === 'poll').length,
    scans: { acknowledged: scanned.length, lost: scansLost, loggedTwice: scansTwice },
    offlineGate: { online: offlineGate.acknowledged.length, queued: offlineGate.queued.length, sentLater: Object.fromEntries(['logged', 'repeat', 'conflict', 'refused'].map((k) => [k, sent.filter((r) => r.result === k).length])), lost: offlineLost },
    votes: { acknowledged: votesAcknowledged.length, lost: votesLost, repeatsAnswered409: votes409.length, repeatsAnswered409NotCounted: votes409NotCounted },
    primaryKill: {
      oldLeader,
      newLeader,
      secondsToNewLeader: promotedAt ? (promotedAt - killedDbAt) / 1000 : null,
      secondsToFirstWrite: firstOk ? (firstOk.end - killedDbAt) / 1000 : null,
      failedByStatus: failures(answers.filter(inDbWindow)),
    },
    appNodeKill: { node: victim.name, failedByStatus: failures(answers.filter((a) => inAppWindow(a) && !inDbWindow(a))) },
    rollingRestart: { seconds: (rollingTo - rollingFrom) / 1000, requests: answers.filter(inRolling).length, failedByStatus: failures(answers.filter(inRolling)) },
    failedOutsideTheKills: failures(failed.filter((a) => !inDbWindow(a) && !inAppWindow(a))),
    liveUpdateAcrossNodesAfterFailover: liveAfterFailover,
  };
  console.log(`\n${JSON.stringify(figures, null, 2)}`);
  fs.writeFileSync(path.join(base, 'result.json'), JSON.stringify(figures, null, 2));
  await cluster('down');

  const non503 = failed.filter((a) => a.status !== 503);
  const problems = [
    lost > 0 && `${lost} acknowledged registrations lost`,
    missing409 > 0 && `${missing409} repeats answered 409 without a registration`,
    Number(twice.rows[0]!.n) > 0 && 'registrations written twice',
    scansLost > 0 && `${scansLost} acknowledged scans not logged`,
    scansTwice > 0 && `${scansTwice} passes logged twice for one scan`,
    votesLost > 0 && `${votesLost} acknowledged votes lost`,
    votes409NotCounted > 0 && `${votes409NotCounted} repeated votes answered 409 without a vote`,
    scanned.length === 0 && 'no scan acknowledged',
    offlineLost > 0 && `${offlineLost} people let through at the offline gate not logged`,
    offlineRefused > 0 && `${offlineRefused} queued scans refused when sent`,
    non503.length > 0 && `${non503.length} failures other than 503: ${JSON.stringify(failures(non503))}`,
    Object.keys(figures.failedOutsideTheKills).length > 0 && 'failures outside the kills',
    !firstOk && 'no write succeeded after the primary was killed',
    !liveAfterFailover && 'a scan after the failover did not reach the other node',
    Object.keys(figures.rollingRestart.failedByStatus).length > 0 && 'failures during the rolling restart',
  ].filter(Boolean);
  console.log(problems.length ? `\nFAILED: ${problems.join('; ')}` : '\nPASSED: nothing acknowledged lost, only 503s during the kills');
  process.exit(problems.length ? 1 : 0);
}

main().catch(async (e: unknown) => {
  console.error(e);
  await cluster('down').catch(() => undefined);
  process.exit(1);
});
