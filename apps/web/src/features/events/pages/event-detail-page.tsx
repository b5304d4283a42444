import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EVENT_AUDIENCE_NAMES, EVENT_KIND_NAMES, feeText } from '@sq/contract/events/event-rules';
import { StorageKey } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStoredValue } from '../../../lib/use-stored-value';
import { shareLink } from '../../../lib/share';
import { useEvent } from '../api/event-queries';
import { EventsHeader } from '../components/events-header';
import { EventsRefusal } from '../components/events-refusal';
import { MySignupBox } from '../components/my-signup-box';
import { SignupBar } from '../components/signup-bar';
import { SignupSheet } from '../components/signup-sheet';
import { eventLinks } from '../lib/event-links';
import { eventPhase, PHASE_WORDS, placesLeft } from '../lib/event-state';
import { dayTime, eventSpan } from '../lib/event-time';
import '../events.css';

/**
 * /activitydetail?id=: one event – cover, when, where, fee (at the door), places left or 已满 → 候补,
 * sign-up with companions, the person's state (QR when confirmed, place when waiting), share, album.
 */
export function EventDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const event = useEvent(id);
  const token = useStoredValue(StorageKey.token);
  const [signing, setSigning] = useState(false);
  const e = event.data;
  useDocumentTitle(e?.title ?? '活动详情');

  const share = e && (
    <button type="button" onClick={() => void shareLink(`${location.origin}${eventLinks.detail(e.id)}`, e.title)}>
      分享
    </button>
  );
  if (!id || event.isError)
    return (
      <main className="ev-page">
        <EventsHeader title="活动详情" />
        <EventsRefusal error={event.error ?? new Error()} onRetry={() => void event.refetch()} />
      </main>
    );
  if (!e)
    return (
      <main className="ev-page">
        <EventsHeader title="活动详情" />
        <p className="ev-loading" aria-busy="true">
          正在加载…
        </p>
      </main>
    );

  const phase = eventPhase(e);
  const left = placesLeft(e);
  const ended = phase === 'ended';
  return (
    <main className="ev-page ev-detail">
      <EventsHeader title="活动详情" right={share} />
      <div className={`ev-detail-cover ev-kind-${e.kind}`}>
        {e.cover ? <img src={e.cover.url} alt="" /> : <span aria-hidden="true">{EVENT_KIND_NAMES[e.kind]}</span>}
        <span className={`ev-badge ev-phase-${phase}`}>{PHASE_WORDS[phase]}</span>
      </div>
      <section className="ev-box">
        <h2 className="ev-detail-title">{e.title}</h2>
        <p className="ev-detail-org">
          <span className="ev-chip">{EVENT_KIND_NAMES[e.kind]}</span>
          {e.community} · {e.organiser.staff ? '物业/居委会' : `居民 ${e.organiser.username}`}发起
        </p>
        {e.statusNote && (phase === 'cancelled' || phase === 'rejected') && (
          <p className="ev-alert" role="alert">
            {phase === 'cancelled' ? '活动已取消：' : '未通过审核：'}
            {e.statusNote}
          </p>
        )}
        <dl className="ev-facts">
          <dt>时间</dt>
          <dd>{eventSpan(e.startsAt, e.endsAt)}</dd>
          <dt>地点</dt>
          <dd>{e.place}</dd>
          <dt>费用</dt>
          <dd>{feeText(e.feeFen)}</dd>
          <dt>名额</dt>
          <dd>
            {ended
              ? `共 ${e.capacity} 人，${e.confirmed} 人报名，${e.attended} 人签到`
              : left > 0
                ? `剩余 ${left} / 共 ${e.capacity} 人`
                : `已满（共 ${e.capacity} 人）${e.waiting > 0 ? `，${e.waiting} 人候补` : '，可候补'}`}
          </dd>
          <dt>报名</dt>
          <dd>
            {dayTime(e.signupOpensAt)} 至 {dayTime(e.signupClosesAt)}
          </dd>
          <dt>对象</dt>
          <dd>
            {EVENT_AUDIENCE_NAMES[e.audience]}
            {e.maxCompanions > 0 ? `，每人可带 ${e.maxCompanions} 名同行人` : ''}
          </dd>
        </dl>
      </section>
      <MySignupBox event={e} />
      {e.description && (
        <section className="ev-box" aria-labelledby="ev-about">
          <h2 id="ev-about" className="ev-box-title">
            活动介绍
          </h2>
          <p className="ev-description">{e.description}</p>
        </section>
      )}
      {(ended || e.photoCount > 0) && (
        <Link className="ev-box ev-row-link" to={eventLinks.album(e.id)}>
          <span>活动相册</span>
          <span className="ev-muted">{e.photoCount > 0 ? `${e.photoCount} 张照片` : '还没有照片'}</span>
        </Link>
      )}
      {e.canManage && (
        <Link className="ev-box ev-row-link" to={eventLinks.manageOne(e.id)}>
          <span>管理此活动</span>
          <span className="ev-muted">报名名单、签到、导出</span>
        </Link>
      )}
      <SignupBar event={e} loggedIn={Boolean(token)} onSignUp={() => setSigning(true)} />
      <SignupSheet event={e} open={signing} onClose={() => setSigning(false)} />
    </main>
  );
}
