import { addDays, beijingDate, endOfBeijingDay, isIsoDate } from '@sq/contract/beijing-time';
import { BOARD_ACTION_LABELS, BoardMsg, PIN_MAX_DAYS, type ReportReason } from '@sq/contract/board/board-rules';
import { maskMobile } from '@sq/contract/rules';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AccessService, StaffScope } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { ContentChecks } from '../content/checks';
import { tellLevel } from '../levels/tell-level';
import type { NotificationService } from '../notifications/service';
import type { ActionsRepo } from './actions-repo';
import { idOf } from './board-access';
import type { CommentsRepo } from './comments-repo';
import { decodeCursor, pageOf } from './cursor';
import { excerpt } from './excerpt';
import type { ModerationRepo } from './moderation-repo';
import { asStatus, unixSeconds } from './notice';
import { postLink } from './posts-service';
import type { PostsRepo } from './posts-repo';
import type { QueueRepo } from './queue-repo';
import { moderates, MSG_NOT_MODERATOR } from './rules-service';
import { imagesOf } from './views';

const QUEUE_PAGE = 20;
const ACTIONS_PAGE = 50;
const DAY_MS = 86_400_000;

type Target = 'post' | 'comment';

/** 邻里圈管理 (administrators and managers): the queue, approve/remove, pins, mutes, the record. */
export function createModerationService(deps: {
  queue: QueueRepo;
  moderation: ModerationRepo;
  actions: ActionsRepo;
  posts: PostsRepo;
  comments: CommentsRepo;
  access: AccessService;
  audit: AuditRepo;
  checks: ContentChecks;
  notices: NotificationService;
  pii: PiiCipher;
  /** The community's board changed (cached first pages are read again). */
  changed: (poiId: string) => void;
  now: () => Date;
}) {
  const { queue, moderation, actions, posts, comments, access, audit, checks, notices, pii, changed, now } = deps;

  async function moderator(caller: Caller, poiId: string): Promise<StaffScope> {
    const scope = await access.requireStaff(caller, poiId);
    if (!moderates(scope.role)) throw forbidden(MSG_NOT_MODERATOR);
    return scope;
  }

  /** Content of this community (another's is simply not found here), not deleted by its author. */
  async function contentIn(scope: StaffScope, target: Target, id: string) {
    const missing = target === 'post' ? BoardMsg.postNotFound : BoardMsg.commentNotFound;
    const found = target === 'post' ? await posts.find(idOf(id, missing)) : await comments.find(idOf(id, missing));
    if (!found || found.poiId !== scope.poiId || found.status === 'deleted') throw notFound(missing);
    return { ...found, postId: 'postId' in found ? found.postId : found.id };
  }

  const mobileOf = (enc: string) => maskMobile(pii.decrypt(enc));

  return {
    async queue(caller: Caller, q: { poiId: string; status: 'pending' | 'removed'; cursor?: string }) {
      const scope = await moderator(caller, q.poiId);
      const cursor = decodeCursor(q.cursor);
      const [rows, pending] = await Promise.all([queue.page({ poiId: scope.poiId, status: q.status, cursor, limit: QUEUE_PAGE + 1, now: now() }), queue.pendingCount(scope.poiId)]);
      const page = pageOf(
        rows.map((r) => ({ ...r, cursorAt: r.cursor_at })),
        QUEUE_PAGE,
      );
      const reports = await queue.reportsOf(
        page.rows.map((r) => r.id),
        q.status === 'pending',
      );
      const items = await Promise.all(
        page.rows.map(async (r) => ({
          target: r.target,
          id: r.id,
          postId: r.post_id,
          kind: r.kind,
          text: r.text,
          images: imagesOf(r.poi_id, r.images).map((i) => ({ url: i.url, thumbUrl: i.thumbUrl })),
          author: { openId: r.author_open_id, username: r.author_name, mobile: mobileOf(r.author_mobile_enc), mutedUntil: r.muted_until ? unixSeconds(r.muted_until) : null },
          status: asStatus(r.status),
          heldReasons: r.held_reasons,
          removedReason: r.removed_reason,
          // Which keywords it holds, read again from the stored text (the list may have changed since).
          keywords: r.held_reasons.includes('keyword') ? (await checks.check(scope.poiId, r.text, { showPhone: true })).keywords : [],
          reports: reports.filter((x) => x.target_id === r.id).map((x) => ({ reason: x.reason as ReportReason, detail: x.detail, count: x.count })),
          createdAt: unixSeconds(r.created_at),
        })),
      );
      return { items, next: page.next, pending };
    },

    /** Approve shows it and closes its reports; remove hides it, and its author reads the reason. */
    async moderate(caller: Caller, body: { poiId: string; target: Target; id: string; action: 'approve' | 'remove'; reason?: string }) {
      const scope = await moderator(caller, body.poiId);
      const content = await contentIn(scope, body.target, body.id);
      const at = now();
      const status = body.action === 'approve' ? 'visible' : 'removed';
      const decision = { status, removedReason: body.action === 'remove' ? body.reason! : null, by: caller.userId, at } as const;
      if (body.target === 'post') await moderation.decidePost(content.id, decision);
      else await moderation.decideComment(content.id, decision);
      changed(scope.poiId);
      const what = excerpt(body.target, content.text);
      await audit.record({ actorId: caller.userId, action: `board.${body.action}`, poiId: scope.poiId, subjectId: content.id, detail: { target: body.target, what, reason: decision.removedReason } });
      if (body.action === 'remove') {
        await notices.board({ userId: content.authorId, kind: 'boardRemoved', poiId: scope.poiId, what, reason: body.reason, link: postLink(content.postId), event: `removed:${content.id}:${at.getTime()}` });
      }
      return { status: asStatus(status) };
    },

    /** 置顶 until the end of a Beijing day, from today to PIN_MAX_DAYS ahead; null unpins. */
    async pin(caller: Caller, body: { poiId: string; id: string; until: string | null }) {
      const scope = await moderator(caller, body.poiId);
      const post = await contentIn(scope, 'post', body.id);
      if (post.status !== 'visible') throw notFound(BoardMsg.postNotFound);
      const today = beijingDate(now());
      if (body.until !== null && (!isIsoDate(body.until) || body.until < today || body.until > addDays(today, PIN_MAX_DAYS))) throw badRequest(BoardMsg.pinUntil);
      const until = body.until === null ? null : endOfBeijingDay(body.until);
      await moderation.pin(post.id, until);
      changed(scope.poiId);
      await audit.record({
        actorId: caller.userId,
        action: until ? 'board.pin' : 'board.unpin',
        poiId: scope.poiId,
        subjectId: post.id,
        detail: { target: 'post', what: excerpt('post', post.text), reason: body.until ? `至${body.until}` : null },
      });
      return { pinnedUntil: until ? unixSeconds(until) : null };
    },

    /** 标为有用, once: the author earns postUseful points (and is told a level it took them to). */
    async useful(caller: Caller, body: { poiId: string; id: string }) {
      const scope = await moderator(caller, body.poiId);
      const post = await contentIn(scope, 'post', body.id);
      if (post.status !== 'visible') throw notFound(BoardMsg.postNotFound);
      if (post.authorId === caller.userId) throw forbidden(BoardMsg.usefulOwn);
      const at = now();
      const award = await moderation.markUseful(post.id, caller.userId, at);
      if (!award) return { usefulAt: unixSeconds((await moderation.usefulAt(post.id)) ?? at) };
      await audit.record({ actorId: caller.userId, action: 'board.useful', poiId: scope.poiId, subjectId: post.id, detail: { target: 'post', what: excerpt('post', post.text), reason: null } });
      await tellLevel(notices, award);
      return { usefulAt: unixSeconds(at) };
    },

    /** 禁言 for `days` (0 lifts it); the person is told in 消息 either way. */
    async mute(caller: Caller, body: { poiId: string; openId: string; days: number; reason?: string }) {
      const scope = await moderator(caller, body.poiId);
      const person = await moderation.person(body.openId);
      if (!person) throw notFound(BoardMsg.personNotFound);
      const at = now();
      const until = body.days > 0 ? new Date(at.getTime() + body.days * DAY_MS) : null;
      if (until) await moderation.mute({ poiId: scope.poiId, userId: person.id, until, reason: body.reason!, by: caller.userId, at });
      else await moderation.unmute(scope.poiId, person.id);
      await audit.record({
        actorId: caller.userId,
        action: until ? 'board.mute' : 'board.unmute',
        poiId: scope.poiId,
        subjectId: person.openId,
        detail: { target: 'person', what: person.username, days: body.days, reason: body.reason ?? null },
      });
      await notices.board({ userId: person.id, kind: 'boardMuted', poiId: scope.poiId, reason: body.reason, until, link: `/stick?poiId=${encodeURIComponent(scope.poiId)}`, event: `mute:${scope.poiId}:${person.id}:${at.getTime()}` });
      return { mutedUntil: until ? unixSeconds(until) : null };
    },

    async mutes(caller: Caller, poiId: string) {
      const scope = await moderator(caller, poiId);
      const rows = await moderation.mutes(scope.poiId, now());
      return {
        mutes: rows.map((r) => ({ openId: r.openId, username: r.username, mobile: mobileOf(r.mobileEnc), mutedUntil: unixSeconds(r.until), reason: r.reason, mutedAt: unixSeconds(r.mutedAt) })),
      };
    },

    async actions(caller: Caller, q: { poiId: string; cursor?: string }) {
      const scope = await moderator(caller, q.poiId);
      const page = pageOf(await actions.page(scope.poiId, decodeCursor(q.cursor, 'number'), ACTIONS_PAGE + 1), ACTIONS_PAGE);
      return {
        actions: page.rows.map((r) => ({
          action: r.action,
          label: BOARD_ACTION_LABELS[r.action] ?? r.action,
          by: r.by ?? '系统',
          target: typeof r.detail?.what === 'string' ? r.detail.what : null,
          reason: typeof r.detail?.reason === 'string' ? r.detail.reason : null,
          createdAt: unixSeconds(r.createdAt),
        })),
        next: page.next,
      };
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
