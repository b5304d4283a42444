import type { EndpointBody } from '@sq/contract/endpoint';
import type { createInfo } from '@sq/contract/info/create-info';
import {
  INFO_PAGE_SIZE,
  MSG_ALREADY_SUBMITTED,
  MSG_DUPLICATE,
  MSG_INFO_NOT_FOUND,
  MSG_OWN_SUBMISSION,
  MSG_TYPE_REQUIRED,
  MSG_UNCHANGED,
  SubmissionStatus,
  type Info,
  type Submission,
} from '@sq/contract/info/info-entry';
import { MSG_ALREADY_REVIEWED, MSG_SUBMISSION_NOT_FOUND } from '@sq/contract/info/review-submission';
import type { reportInfo } from '@sq/contract/info/report-info';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import type { CommunityService } from '../community/service';
import type { EntryFields, EntryRow, InfoRepo, InfoScope, SubmissionRow } from './repo';

export const MSG_NOT_STREET_OF_COMMUNITY = '该社区不属于这个街道';
export const MSG_OTHER_COMMUNITY = '只能纠错本社区或本街道的信息';
export const MSG_NO_STREET = '街道不存在';
export const MSG_NOT_OPERATOR = '街道信息由平台运营人员审核';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

const toInfo = (e: EntryRow): Info => ({
  _id: e.id,
  department: e.department,
  contact: e.contact,
  lng: e.lng,
  lat: e.lat,
  address: e.address,
  mapAddress: e.mapAddress,
  typeName: e.typeName,
  typeId: e.typeId,
});

function toSubmission(r: SubmissionRow): Submission {
  const s = r.submission;
  return {
    _id: s.id,
    kind: s.entryId ? 'report' : 'create',
    infoId: s.entryId,
    poiId: s.poiId,
    streetId: s.streetId,
    status: s.status,
    typeId: s.typeId ?? 0,
    typeName: r.typeName ?? '',
    department: s.department,
    contact: s.contact,
    lng: s.lng,
    lat: s.lat,
    address: s.address,
    mapAddress: s.mapAddress,
    createdAt: seconds(s.createdAt)!,
    reviewedAt: seconds(s.reviewedAt),
    submitter: r.submitter,
    current: r.current?.id ? toInfo(r.current as EntryRow) : null,
  };
}

const sameFields = (a: EntryFields, b: EntryFields) =>
  a.typeId === b.typeId &&
  a.department === b.department &&
  a.contact === b.contact &&
  a.address === b.address &&
  a.mapAddress === b.mapAddress &&
  a.lng === b.lng &&
  a.lat === b.lat;

type ScopeQuery = { poiId?: string | undefined; streetId?: string | undefined };
const toScope = (q: ScopeQuery): InfoScope => (q.poiId ? { poiId: q.poiId } : { streetId: q.streetId! });

export function createInfoService(deps: {
  repo: InfoRepo;
  access: AccessService;
  community: CommunityService;
  now: () => Date;
  /** Tells a submitter the level their accepted correction took them to (modules/levels/tell-level). */
  tellLevel?: (award: { userId: string; poiId: string | null; level: number | null }) => Promise<void>;
}) {
  const { repo, access } = deps;

  async function requireType(typeId: number) {
    if (!(await repo.typeExists(typeId))) throw badRequest(MSG_TYPE_REQUIRED);
  }

  /** Who reviews a scope: the community's staff, or platform operators for a street (DESIGN.md §5). */
  async function canReview(caller: Caller, scope: InfoScope): Promise<boolean> {
    if (scope.poiId) return (await access.roleIn(caller, scope.poiId)) !== null;
    return access.isOperator(caller);
  }

  async function requireReviewer(caller: Caller, scope: InfoScope) {
    if (scope.poiId) {
      await access.requireStaff(caller, scope.poiId);
      return;
    }
    if (!(await access.isOperator(caller))) throw forbidden(MSG_NOT_OPERATOR);
  }

  return {
    async list(q: ScopeQuery, page: number) {
      if (q.poiId) await deps.community.community(q.poiId);
      const rows = await repo.entries(toScope(q), INFO_PAGE_SIZE, (page - 1) * INFO_PAGE_SIZE);
      return { infos: rows.map(toInfo), page };
    },

    async types() {
      const rows = await repo.types();
      return [null, rows.map((t) => ({ _id: t.id, typeName: t.typeName }))] as [null, { _id: number; typeName: string }[]];
    },

    /** 补充信息: held as pending; refused when the entry already exists or is already waiting. */
    async create(caller: Caller, body: EndpointBody<typeof createInfo>) {
      const community = await deps.community.requireJoined(caller, body.poiId);
      const streetId = body.streetId || null;
      if (streetId && community.streetId !== streetId) throw badRequest(MSG_NOT_STREET_OF_COMMUNITY);
      await requireType(body.typeId);
      const fields: EntryFields = {
        typeId: body.typeId,
        department: body.department,
        contact: body.contact,
        lng: body.lng ?? null,
        lat: body.lat ?? null,
        address: body.address,
        mapAddress: body.mapAddress ?? '',
      };
      const scope: InfoScope = streetId ? { streetId } : { poiId: body.poiId };
      if (await repo.sameEntryExists(scope, fields)) throw badRequest(MSG_DUPLICATE);
      const row = await repo.insertSubmissionUnlessPending({ ...fields, poiId: body.poiId, streetId, submittedBy: caller.userId });
      if (!row) throw badRequest(MSG_ALREADY_SUBMITTED);
      return { _id: row.id, status: row.status };
    },

    /** 纠错 of an entry of the caller's community or of its street; refused when nothing changed. */
    async report(caller: Caller, body: EndpointBody<typeof reportInfo>) {
      const community = await deps.community.requireJoined(caller, body.poiId);
      const entry = UUID.test(body.infoId) ? await repo.entry(body.infoId) : null;
      if (!entry) throw notFound(MSG_INFO_NOT_FOUND);
      const ours = entry.poiId === body.poiId || (entry.streetId !== null && entry.streetId === community.streetId);
      if (!ours) throw forbidden(MSG_OTHER_COMMUNITY);
      if (body.typeId !== undefined) await requireType(body.typeId);
      // Fields the client left out stay as they are (the spec's payload has no typeId).
      const fields: EntryFields = {
        typeId: body.typeId ?? entry.typeId,
        department: body.department,
        contact: body.contact,
        lng: body.lng === undefined ? entry.lng : body.lng,
        lat: body.lat === undefined ? entry.lat : body.lat,
        address: body.address,
        mapAddress: body.mapAddress ?? entry.mapAddress,
      };
      if (sameFields(fields, entry)) throw badRequest(MSG_UNCHANGED);
      const row = await repo.insertSubmissionUnlessPending({ ...fields, entryId: entry.id, poiId: body.poiId, streetId: entry.streetId, submittedBy: caller.userId });
      if (!row) throw badRequest(MSG_ALREADY_SUBMITTED);
      return { _id: row.id, status: row.status };
    },

    async pending(caller: Caller, q: ScopeQuery) {
      const scope = toScope(q);
      await requireReviewer(caller, scope);
      const rows = await repo.submissions(scope, SubmissionStatus.pending);
      return { submissions: rows.map((r) => ({ ...toSubmission(r), mine: r.submission.submittedBy === caller.userId })) };
    },

    async reviewStatus(caller: Caller, q: ScopeQuery) {
      const scope = toScope(q);
      const allowed = await canReview(caller, scope);
      return { canReview: allowed, pending: allowed ? await repo.countPending(scope) : 0 };
    },

    async mine(caller: Caller, poiId: string) {
      return { submissions: (await repo.mine(caller.userId, poiId)).map(toSubmission) };
    },

    async review(caller: Caller, id: string, status: 1 | -1) {
      const sub = UUID.test(id) ? await repo.submission(id) : null;
      if (!sub) throw notFound(MSG_SUBMISSION_NOT_FOUND);
      await requireReviewer(caller, sub.streetId ? { streetId: sub.streetId } : { poiId: sub.poiId! });
      if (sub.submittedBy === caller.userId) throw forbidden(MSG_OWN_SUBMISSION);
      const settled = await repo.settle(sub.id, status, caller.userId, deps.now());
      if (!settled) throw conflict(MSG_ALREADY_REVIEWED);
      if (settled.award) await deps.tellLevel?.(settled.award);
      return { _id: sub.id, status, infoId: settled.infoId };
    },
  };
}
export type InfoService = ReturnType<typeof createInfoService>;
