import { and, count, eq } from 'drizzle-orm';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { ownersCommittee, ownersSettings, pollObjections, pollOfficers } from '../../src/db/schema';
import { freshMobile } from '../support/factories';
import type { TestApp } from '../support/test-app';

type CellResult = { status: number; wrote?: boolean };
// The matrix's answers: `body.data` as the endpoint returned it.
type Sent = { status: number; body: { data: Record<string, unknown> & { poll: { _id: string }; _id: string } } };
type Send = { post: (url: string, token: string | null, payload?: object) => Promise<Sent>; get: (url: string, token: string | null) => Promise<Sent> };

const HOME = 'DEMO000001';
/** The demo resident of HOME: an owner in the matrix's owners' votes (5栋1单元301). */
const OWNER = '13800000004';

/**
 * The procedure of owners' votes as matrix rows (issue 37 item 3): 业主委员会, notice period,
 * 计票人/监票人, roll corrections and objections. Requests that change something get a fresh target
 * each (a fresh vote of HOME, a fresh member, a fresh objection), made by HOME's administrator.
 */
export function ownersProcedureMatrix(t: TestApp, send: Send, admin: () => string, resident: () => string) {
  const db = () => t.database.db;
  const freshVote = async () =>
    (await send.post('/v1/polls', admin(), { title: '矩阵业主表决（程序）', end_time: beijingDateTime(new Date(t.clock.now().getTime() + 7 * 86_400_000)), owners: 1, poiId: HOME })).body.data.poll._id as string;
  const rowsOf = async (table: typeof pollOfficers | typeof pollObjections, pollId: string) =>
    (await db().select({ n: count() }).from(table).where(eq(table.pollId, pollId)))[0]!.n;
  const writing =
    <T>(target: () => Promise<T>, run: (tk: string | null, it: T) => Promise<Sent>, changed: (it: T) => Promise<boolean>) =>
    async (tk: string | null): Promise<CellResult> => {
      const it = await target();
      const res = await run(tk, it);
      return { status: res.status, wrote: await changed(it) };
    };
  const plain = (run: (tk: string | null) => Promise<Sent>) => async (tk: string | null): Promise<CellResult> => ({ status: (await run(tk)).status });
  let voteId = '';

  return {
    async setUp() {
      voteId = await freshVote();
    },
    request: {
      committee: plain((tk) => send.get(`/v1/manage/owners-committee?poiId=${HOME}`, tk)),
      addMember: writing(
        async () => freshMobile(),
        (tk, mobile) => send.post('/v1/manage/owners-committee/add', tk, { poiId: HOME, name: '矩阵委员', mobile }),
        async (mobile) => (await db().select({ n: count() }).from(ownersCommittee).where(and(eq(ownersCommittee.poiId, HOME), eq(ownersCommittee.mobileHash, t.pii.hash(mobile)))))[0]!.n > 0,
      ),
      removeMember: writing(
        async () => (await send.post('/v1/manage/owners-committee/add', admin(), { poiId: HOME, name: '矩阵委员', mobile: freshMobile() })).body.data._id as string,
        (tk, id) => send.post('/v1/manage/owners-committee/remove', tk, { poiId: HOME, _id: id }),
        async (id) => (await db().select({ n: count() }).from(ownersCommittee).where(eq(ownersCommittee.id, id)))[0]!.n === 0,
      ),
      settings: plain((tk) => send.get(`/v1/manage/owners-settings?poiId=${HOME}`, tk)),
      saveSettings: writing(
        async () => void (await db().delete(ownersSettings).where(eq(ownersSettings.poiId, HOME))),
        (tk) => send.post('/v1/manage/owners-settings', tk, { poiId: HOME, noticeDays: 16 }),
        async () => (await db().select({ n: count() }).from(ownersSettings).where(eq(ownersSettings.poiId, HOME)))[0]!.n > 0,
      ),
      addOfficer: writing(
        freshVote,
        (tk, id) => send.post(`/v1/polls/${id}/officers`, tk, { role: 'counter', name: '矩阵计票', mobile: OWNER }),
        async (id) => (await rowsOf(pollOfficers, id)) > 0,
      ),
      removeOfficer: writing(
        async () => {
          const id = await freshVote();
          await send.post(`/v1/polls/${id}/officers`, admin(), { role: 'scrutineer', name: '矩阵监票', mobile: OWNER });
          const [row] = await db().select({ id: pollOfficers.id }).from(pollOfficers).where(eq(pollOfficers.pollId, id));
          return { id, officer: row!.id };
        },
        (tk, it) => send.post(`/v1/polls/${it.id}/officers/remove`, tk, { _id: it.officer }),
        async (it) => (await rowsOf(pollOfficers, it.id)) === 0,
      ),
      procedure: plain((tk) => send.get(`/v1/polls/${voteId}/procedure`, tk)),
      // A home not in the roll: the callers allowed to correct get the 400 that says so.
      correct: plain((tk) => send.post(`/v1/polls/${voteId}/corrections`, tk, { label: '矩阵不存在的房屋', reason: '矩阵测试更正' })),
      sendObjection: writing(
        freshVote,
        (tk, id) => send.post(`/v1/polls/${id}/objections`, tk, { text: '矩阵测试异议' }),
        async (id) => (await rowsOf(pollObjections, id)) > 0,
      ),
      objections: plain((tk) => send.get(`/v1/polls/${voteId}/objections`, tk)),
      answer: writing(
        async () => {
          const id = await freshVote();
          const sent = await send.post(`/v1/polls/${id}/objections`, resident(), { text: '矩阵测试异议' });
          return { id, objection: sent.body.data._id as string };
        },
        (tk, it) => send.post(`/v1/polls/${it.id}/objections/answer`, tk, { _id: it.objection, answer: '矩阵测试答复' }),
        async (it) => (await db().select({ answer: pollObjections.answer }).from(pollObjections).where(eq(pollObjections.id, it.objection)))[0]?.answer != null,
      ),
    },
  };
}
