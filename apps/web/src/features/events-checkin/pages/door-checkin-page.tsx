import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { doorCheckInCall } from '@sq/contract/events/calls';
import { EventMsg } from '@sq/contract/events/event-rules';
import { WebRoute } from '@sq/contract/routes';
import { callApi } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../events-checkin.css';

type State = { kind: 'loading' } | { kind: 'ok'; companions: number } | { kind: 'no'; message: string };

/**
 * /activitycheckin?id=&door=: a signed-up resident scanned the door QR with their phone – checked
 * in, with a big green confirmation; anyone not signed up, or still waiting, reads why not. Not
 * silent: a logged-out phone is sent to log in and comes back here.
 */
export function DoorCheckinPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const door = params.get('door') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  useDocumentTitle('活动签到');

  useEffect(() => {
    if (!id || !door) return;
    let live = true;
    callApi(doorCheckInCall, { id, door }, { silent: true }).then(
      (r) => live && setState({ kind: 'ok', companions: r.signup.companions }),
      (e: unknown) => live && setState({ kind: 'no', message: e instanceof Error ? e.message : '签到失败，请重试' }),
    );
    return () => void (live = false);
  }, [id, door]);

  const detail = `${WebRoute.eventDetail}?id=${encodeURIComponent(id)}`;
  if (!id || !door) return <No message={EventMsg.doorCode} detail={null} />;
  if (state.kind === 'loading') return <main className="ec-screen" aria-busy="true"><p>正在签到…</p></main>;
  if (state.kind === 'no') return <No message={state.message} detail={detail} />;
  return (
    <main className="ec-screen ec-ok" role="alert" data-testid="door-verdict" data-verdict="ok">
      <span className="ec-icon" aria-hidden="true">✓</span>
      <h1 className="ec-name">签到成功</h1>
      <p>{state.companions > 0 ? `您和同行的 ${state.companions} 人已签到` : '您已签到'}，欢迎参加！</p>
      <Link className="ec-button" to={detail}>
        查看活动
      </Link>
    </main>
  );
}

function No({ message, detail }: { message: string; detail: string | null }) {
  return (
    <main className="ec-screen" role="alert" data-testid="door-verdict" data-verdict="no">
      <h1>未能签到</h1>
      <p>{message}</p>
      <Link className="ec-button" to={detail ?? WebRoute.home}>
        {detail ? '查看活动' : '返回首页'}
      </Link>
    </main>
  );
}
