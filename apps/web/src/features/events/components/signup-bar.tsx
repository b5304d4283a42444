import { Link } from 'react-router';
import { EventMsg } from '@sq/contract/events/event-rules';
import type { EventDetail } from '@sq/contract/events/events';
import { WebRoute } from '@sq/contract/routes';
import { eventPhase } from '../lib/event-state';
import { dayTime } from '../lib/event-time';

/**
 * The bottom bar of /activitydetail: 立即报名, 候补报名 when full, or why not (not yet open,
 * closed, ended, cancelled, not for this person). Nothing once the person is signed up.
 */
export function SignupBar({ event: e, loggedIn, onSignUp }: { event: EventDetail; loggedIn: boolean; onSignUp: () => void }) {
  const phase = eventPhase(e);
  const signed = e.mine && e.mine.status !== 'cancelled';
  if (signed) return null;
  let body;
  if (!loggedIn && (phase === 'open' || phase === 'full'))
    body = (
      <Link className="ev-bar-button" to={`${WebRoute.login}?referer=${encodeURIComponent(`${location.pathname}${location.search}`)}`}>
        登录后报名
      </Link>
    );
  else if ((phase === 'open' || phase === 'full') && !e.canSignUp) body = <p className="ev-bar-note">{e.audience === 'owners' ? EventMsg.notOwner : EventMsg.notResident}</p>;
  else if (phase === 'open')
    body = (
      <button type="button" className="ev-bar-button" onClick={onSignUp}>
        立即报名
      </button>
    );
  else if (phase === 'full')
    body = (
      <button type="button" className="ev-bar-button ev-bar-wait" onClick={onSignUp}>
        名额已满，候补报名
      </button>
    );
  else if (phase === 'notOpen') body = <p className="ev-bar-note">报名将于 {dayTime(e.signupOpensAt)} 开始</p>;
  else if (phase === 'closed') body = <p className="ev-bar-note">{EventMsg.closed}</p>;
  else if (phase === 'running') body = <p className="ev-bar-note">活动进行中</p>;
  else if (phase === 'ended') body = <p className="ev-bar-note">{EventMsg.ended}</p>;
  else if (phase === 'cancelled') body = <p className="ev-bar-note">{EventMsg.cancelled}</p>;
  else if (phase === 'pending') body = <p className="ev-bar-note">活动待审核，通过后居民才能看到并报名</p>;
  else body = <p className="ev-bar-note">活动未通过审核</p>;
  return <div className="ev-bar">{body}</div>;
}
