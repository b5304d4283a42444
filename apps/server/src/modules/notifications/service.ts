import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';
import { NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS, notificationText, REVIEW_WAIT_HOURS, type NotificationKind } from '@sq/contract/notifications/kinds';
import { levelName } from '@sq/contract/levels/level-rules';
import { NOTIFICATION_PAGE_SIZE } from '@sq/contract/notifications/notifications';
import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';
import { WebRoute } from '@sq/contract/routes';
import { BoundedCache } from '../../lib/bounded-cache';
import type { PiiCipher } from '../../lib/crypto';
import type { Caller } from '../auth/caller';
import type { NewNotification, NotificationsRepo } from './repo';
import type { SmsNotifier, WechatNotifier } from './senders';

/** Attempts per delivery, and the wait before each retry (then the last one repeats). */
const MAX_ATTEMPTS = 8;
const RETRY_SECONDS = [10, 60, 300, 1800, 7200];
/** Notices are kept this long, then deleted (they repeat what the registration and the log hold). */
export const NOTIFICATION_KEEP_DAYS = 90;

interface Deps {
  repo: NotificationsRepo;
  pii: PiiCipher;
  sms: SmsNotifier;
  /** Null when WeChat notices are not configured. */
  wechat: WechatNotifier | null;
  communityName: (poiId: string) => Promise<string>;
  now: () => Date;
  onError: (err: unknown, what: string) => void;
  /**
   * The link a delivery carries, made at sending time: a visitor's pass link holds a token that is
   * derived, never stored (modules/visits). Identity by default.
   */
  linkOf?: (link: string) => string;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const at = (poiId: string) => `?poiId=${encodeURIComponent(poiId)}`;

export function createNotificationService({ repo, pii, sms, wechat, communityName, now, onError, linkOf = (link) => link }: Deps) {
  const names = new BoundedCache<string, string>(1000, 10 * 60_000);
  const nameOf = (poiId: string) => names.load(poiId, () => communityName(poiId));
  const channelsOf = (kind: NotificationKind) => NOTIFICATION_KIND_INFO[kind].channels.filter((c) => c === 'sms' || wechat);
  let kick: () => void = () => {};

  /** Records a notice; never fails the request that caused it (its change has happened already). */
  async function record(n: Omit<NewNotification, 'channels' | 'at'>) {
    try {
      if (await repo.record({ ...n, channels: channelsOf(n.kind), at: now() })) kick();
    } catch (e) {
      onError(e, `recording a ${n.kind} notification`);
    }
  }

  /** Every kind that can reach the person: the managers' reminder only for managers and administrators. */
  const settingsOf = async (userId: string) => {
    const [rows, manages] = await Promise.all([repo.settings(userId), repo.managesAny(userId)]);
    const saved = new Map(rows.map((s) => [s.kind, s]));
    return NOTIFICATION_KINDS.filter((kind) => !NOTIFICATION_KIND_INFO[kind].toVisitor && (manages || !NOTIFICATION_KIND_INFO[kind].staffOnly)).map((kind) => ({
      kind,
      enabled: saved.get(kind)?.enabled ?? true,
      hours: kind === 'reviewsWaiting' ? (saved.get(kind)?.hours ?? REVIEW_WAIT_HOURS[0]) : null,
    }));
  };

  /** One attempt for each due delivery; answers how many were claimed (a full batch: more may be due). */
  async function deliverDue(limit = 20): Promise<number> {
    const due = await repo.claimDue(now(), limit);
    await Promise.all(
      due.map(async (d) => {
        const message = { kind: d.kind, title: d.title, body: d.body, link: linkOf(d.link), at: d.createdAt };
        let outcome;
        if (d.channel === 'sms') outcome = await sms.send(pii.decrypt(d.mobileEnc), message);
        else if (wechat && d.openidEnc) outcome = await wechat.send(pii.decrypt(d.openidEnc), message);
        else outcome = { ok: false as const, permanent: true, error: 'no way to reach the person on this channel' };
        const t = now();
        if (outcome.ok) {
          await repo.settle(d.id, { status: 'sent', at: t });
        } else if (outcome.permanent) await repo.settle(d.id, { status: 'skipped', at: t, error: outcome.error });
        else if (d.attempts >= MAX_ATTEMPTS) await repo.settle(d.id, { status: 'failed', at: t, error: outcome.error });
        else {
          const wait = RETRY_SECONDS[Math.min(d.attempts - 1, RETRY_SECONDS.length - 1)]!;
          await repo.settle(d.id, { retryAt: new Date(t.getTime() + wait * 1000), error: outcome.error });
        }
      }),
    );
    return due.length;
  }

  return {
    /** The worker's wake-up, so a notice recorded in this process goes out at once. */
    onRecorded(wake: () => void) {
      kick = wake;
    },
    now,
    deliverDue,

    /** A review of a person's registration: approved, sent back (with its reason) or revoked. */
    async reviewed(e: { userId: string | null; registrationId: string; poiId: string; from: number; to: number; reason: string; at: Date }) {
      if (!e.userId) return; // entered by staff for someone without an account yet
      // -1 is both: sent back while pending, revoked once approved (spec §4).
      const kind: NotificationKind =
        e.to === RegistrationStatus.approved ? 'registrationApproved' : e.from === RegistrationStatus.approved ? 'registrationRevoked' : 'registrationReturned';
      const text = notificationText(kind, { community: (await nameOf(e.poiId)) ?? '', reason: e.reason });
      const link = kind === 'registrationApproved' ? `${WebRoute.pass}${at(e.poiId)}` : `${WebRoute.register}${at(e.poiId)}`;
      await record({ userId: e.userId, kind, poiId: e.poiId, ...text, link, dedupeKey: `review:${e.registrationId}:${e.to}:${e.at.getTime()}` });
    },

    /** The person's pass was scanned at the gate (one notice per use of a code). */
    async scanned(e: { userId: string | null; poiId: string; codeHash: string; direction: number; at: Date }) {
      if (!e.userId) return;
      const text = notificationText('passScanned', { community: (await nameOf(e.poiId)) ?? '', direction: e.direction === 2 ? 2 : 1, at: beijingDateTime(e.at) });
      await record({ userId: e.userId, kind: 'passScanned', poiId: e.poiId, ...text, link: `${WebRoute.pass}${at(e.poiId)}`, dedupeKey: `scan:${e.codeHash}` });
    },

    /** The inviting resident: their visitor came in (in the app and on WeChat). */
    async visitorArrived(e: { userId: string; poiId: string; invitationId: string; name: string; at: Date }) {
      const text = notificationText('visitorArrived', { community: (await nameOf(e.poiId)) ?? '', name: e.name, at: beijingDateTime(e.at) });
      await record({ userId: e.userId, kind: 'visitorArrived', poiId: e.poiId, ...text, link: `${WebRoute.invite}${at(e.poiId)}`, dedupeKey: `visit:${e.invitationId}:${e.at.getTime()}` });
    },

    /** The invited visitor's SMS with the link to their pass (`link` is resolved by `linkOf` when sent). */
    async visitorInvited(e: { invitationId: string; mobileEnc: string; poiId: string; inviter: string; window: string; link: string; at: Date }) {
      const text = notificationText('visitorInvited', { community: (await nameOf(e.poiId)) ?? '', name: e.inviter, window: e.window });
      await record({ userId: null, mobileEnc: e.mobileEnc, kind: 'visitorInvited', poiId: e.poiId, ...text, link: e.link, dedupeKey: `invite:${e.invitationId}` });
    },

    /**
     * 邻里圈 (issue 33): the author of a post or comment is told it was held, removed (with staff's
     * reason) or commented on, and a person that they were muted or unmuted. `event` names it once.
     */
    async board(e: {
      userId: string;
      kind: 'boardHeld' | 'boardRemoved' | 'boardMuted' | 'boardCommented';
      poiId: string;
      what?: string;
      reason?: string;
      name?: string;
      until?: Date | null;
      link: string;
      event: string;
    }) {
      const text = notificationText(e.kind, { community: (await nameOf(e.poiId)) ?? '', what: e.what, reason: e.reason, name: e.name, at: e.until ? beijingDateTime(e.until) : undefined });
      await record({ userId: e.userId, kind: e.kind, poiId: e.poiId, ...text, link: e.link, dedupeKey: `board:${e.event}` });
    },

    /**
     * 社区相册 and 场地预约 (issue 34): a photo removal asked for (to the community's managers) and
     * its outcome, a booking approved, turned down or cancelled. `what`: the album's or space's
     * name; `at`: the booked time. `event` names it once.
     */
    async albumsAndSpaces(e: { userId: string; kind: 'photoRemoval' | 'spaceBooking'; poiId: string; what: string; reason: string; at?: string; link: string; event: string }) {
      const text = notificationText(e.kind, { community: (await nameOf(e.poiId)) ?? '', what: e.what, reason: e.reason, at: e.at });
      await record({ userId: e.userId, kind: e.kind, poiId: e.poiId, ...text, link: e.link, dedupeKey: `${e.kind}:${e.event}` });
    },

    /**
     * 社区活动 (issue 34): a waiting sign-up moved up, a reminder, an event cancelled (with staff's
     * reason), a proposal reviewed (a reason: turned down). `what`: the event's title; `startsAt`:
     * when it starts; `event` names the occasion once (a repeat records nothing).
     */
    async event(e: { userId: string; kind: 'eventPromoted' | 'eventReminder' | 'eventCancelled' | 'eventReviewed'; poiId: string; what: string; startsAt?: Date; reason?: string; link: string; event: string }) {
      const text = notificationText(e.kind, { community: (await nameOf(e.poiId)) ?? '', what: e.what, reason: e.reason, at: e.startsAt ? beijingDateTime(e.startsAt) : undefined });
      await record({ userId: e.userId, kind: e.kind, poiId: e.poiId, ...text, link: e.link, dedupeKey: `event:${e.event}` });
    },

    /** 红包 (issue 35): a neighbour opened the packet the person shared (`name`: their screen name). */
    async redbagOpened(e: { userId: string; poiId: string; name: string; what: string; redbagId: string; idx: number }) {
      const text = notificationText('redbagOpened', { community: (await nameOf(e.poiId)) ?? '', name: e.name, what: e.what });
      await record({ userId: e.userId, kind: 'redbagOpened', poiId: e.poiId, ...text, link: `${WebRoute.redbagShare}?id=${e.redbagId}`, dedupeKey: `redbag:${e.redbagId}:${e.idx}` });
    },

    /** 会员等级 (issue 35 item 4): the person's points reached `level` (told once per level: points never go down). */
    async levelReached(e: { userId: string; poiId: string | null; level: number }) {
      const text = notificationText('levelReached', { community: e.poiId ? ((await nameOf(e.poiId)) ?? '') : '', what: levelName(e.level) });
      await record({ userId: e.userId, kind: 'levelReached', poiId: e.poiId, ...text, link: WebRoute.memberLevels, dedupeKey: `level:${e.userId}:${e.level}` });
    },

    /**
     * 周边商家 (issue 35): the owner's shop approved or returned in a community (poiId), or
     * suspended by the platform (poiId null). `reason`: the sentence after the community's name.
     */
    async merchantReviewed(e: { userId: string; poiId: string | null; shop: string; reason: string; link: string; event: string }) {
      const text = notificationText('merchantReviewed', { community: e.poiId ? ((await nameOf(e.poiId)) ?? '') : '平台', what: e.shop, reason: e.reason });
      await record({ userId: e.userId, kind: 'merchantReviewed', poiId: e.poiId, ...text, link: e.link, dedupeKey: `merchant:${e.event}` });
    },

    /** 团长 application approved (reason null) or returned with why (issue 36). `event`: once per decision. */
    async leaderReviewed(e: { userId: string; poiId: string; reason: string | null; event: string }) {
      const text = notificationText('leaderReviewed', { community: (await nameOf(e.poiId)) ?? '', reason: e.reason ?? undefined });
      await record({ userId: e.userId, kind: 'leaderReviewed', poiId: e.poiId, ...text, link: WebRoute.leaderCentre, dedupeKey: `leader:${e.event}` });
    },

    /** A 团长 suspended by staff or the operator (with why) or reinstated (reason null) (issue 36). `event`: once per decision. */
    async leaderSuspended(e: { userId: string; poiId: string; reason: string | null; event: string }) {
      const text = notificationText('leaderSuspended', { community: (await nameOf(e.poiId)) ?? '', reason: e.reason ?? undefined });
      await record({ userId: e.userId, kind: 'leaderSuspended', poiId: e.poiId, ...text, link: WebRoute.leaderCentre, dedupeKey: `leader:${e.event}` });
    },

    /** A group buy's buyer told its outcome (成团, not reached and refunded, cancelled and refunded); once per order and outcome. */
    async groupBuyDecided(e: { userId: string; poiId: string; what: string; sentence: string; orderId: string; outcome: string }) {
      const text = notificationText('groupBuyDecided', { community: (await nameOf(e.poiId)) ?? '', what: e.what, reason: e.sentence });
      await record({ userId: e.userId, kind: 'groupBuyDecided', poiId: e.poiId, ...text, link: `${WebRoute.orderDetail}?id=${e.orderId}`, dedupeKey: `groupbuy:${e.orderId}:${e.outcome}` });
    },

    /**
     * 社区团购 (issue 36): a refund asked (to the seller's 团长 or shop owner) or decided (to the
     * buyer; `reason`: the sentence after the item's title). `event` names it once.
     */
    async refund(e: { userId: string; kind: 'refundRequested' | 'refundDecided'; poiId: string; what: string; reason?: string; link: string; event: string }) {
      const text = notificationText(e.kind, { community: (await nameOf(e.poiId)) ?? '', what: e.what, reason: e.reason });
      await record({ userId: e.userId, kind: e.kind, poiId: e.poiId, ...text, link: e.link, dedupeKey: `refund:${e.event}` });
    },

    /** 业主表决 (issue 37): an owner of a home in the vote's roll told of its announcement, extension or cancellation. */
    /** `userId` null: an owner without an account, told by SMS at `mobileEnc` (a paper ballot recorded for their home; `event` then names the mobile). */
    async ownersVote(e: { userId: string | null; mobileEnc?: string; poiId: string; what: string; reason: string; link: string; event: string }) {
      const text = notificationText('ownersVote', { community: (await nameOf(e.poiId)) ?? '', what: e.what, reason: e.reason });
      await record({ userId: e.userId, mobileEnc: e.mobileEnc, kind: 'ownersVote', poiId: e.poiId, ...text, link: e.link, dedupeKey: `owners:${e.event}:${e.userId ?? 'sms'}` });
    },

    /** Managers whose communities have registrations waiting past their hours: one reminder a day per community. */
    async remindWaitingReviews() {
      const t = now();
      const due = await repo.waitingReviews(t, REVIEW_WAIT_HOURS[0]);
      for (const w of due) {
        const text = notificationText('reviewsWaiting', { community: w.community, count: w.waiting, hours: w.hours });
        await record({ userId: w.userId, kind: 'reviewsWaiting', poiId: w.poiId, ...text, link: `${WebRoute.records}${at(w.poiId)}`, dedupeKey: `reviews:${w.userId}:${w.poiId}:${beijingDate(t)}` });
      }
      return due.length;
    },

    /** Old notices deleted (run with the deliveries, once an hour). */
    async forgetOld() {
      return repo.deleteOlderThan(new Date(now().getTime() - NOTIFICATION_KEEP_DAYS * 86_400_000));
    },

    async list(caller: Caller, page: number) {
      const [rows, unread] = await Promise.all([repo.page(caller.userId, NOTIFICATION_PAGE_SIZE + 1, (page - 1) * NOTIFICATION_PAGE_SIZE), repo.unread(caller.userId)]);
      return {
        notifications: rows.slice(0, NOTIFICATION_PAGE_SIZE).map((r) => ({
          _id: r.id,
          kind: r.kind as NotificationKind,
          title: r.title,
          body: r.body,
          link: r.link,
          read: r.readAt !== null,
          createdAt: seconds(r.createdAt),
        })),
        unread,
        more: rows.length > NOTIFICATION_PAGE_SIZE,
      };
    },

    async unread(caller: Caller) {
      return { unread: await repo.unread(caller.userId) };
    },

    async read(caller: Caller, ids: string[] | undefined) {
      await repo.markRead(caller.userId, ids, now());
      return { unread: await repo.unread(caller.userId) };
    },

    async settings(caller: Caller) {
      return { settings: await settingsOf(caller.userId) };
    },

    async saveSetting(caller: Caller, body: { kind: NotificationKind; enabled: boolean; hours?: number }) {
      await repo.saveSetting(caller.userId, body.kind, body.enabled, body.kind === 'reviewsWaiting' ? body.hours : undefined);
      return { settings: await settingsOf(caller.userId) };
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
