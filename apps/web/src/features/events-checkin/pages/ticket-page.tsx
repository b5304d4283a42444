import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { checkInByCodeCall } from '@sq/contract/events/calls';
import { parseEventCode } from '@sq/contract/events/event-code';
import { LOGIN_CODES } from '@sq/contract/envelope';
import { EventMsg } from '@sq/contract/events/event-rules';
import type { EndpointData } from '@sq/contract/endpoint';
import { WebRoute } from '@sq/contract/routes';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../events-checkin.css';

type Verdict = EndpointData<typeof checkInByCodeCall>;
type State = { kind: 'loading' } | { kind: 'ok'; v: Verdict } | { kind: 'notStaff' } | { kind: 'no'; message: string };

/**
 * /activityticket?code=: a sign-up's check-in QR opened by a phone's ordinary camera. On a staff
 * phone the person is checked in and the verdict shown; anyone else (the resident themself, a
 * neighbour) reads that this is a check-in code for staff to scan.
 */
export function TicketPage() {
  const [params] = useSearchParams();
  const raw = params.get('code') ?? '';
  const code = parseEventCode(raw) ? raw : null;
  const [state, setState] = useState<State>({ kind: 'loading' });
  useDocumentTitle('活动签到');

  useEffect(() => {
    if (!code) return;
    let live = true;
    callApi(checkInByCodeCall, { code }, { silent: true }).then(
      (v) => live && setState({ kind: 'ok', v }),
      (e: unknown) => {
        if (!live) return;
        // Not staff, or not logged in: the code is explained, not refused.
        if (e instanceof ApiError && (e.code === 403 || LOGIN_CODES.includes(e.code))) setState({ kind: 'notStaff' });
        else setState({ kind: 'no', message: e instanceof Error ? e.message : '签到失败，请重试' });
      },
    );
    return () => void (live = false);
  }, [code]);

  if (!code) return <Message title={EventMsg.notTicket} text="请扫描活动报名后显示的签到二维码" />;
  if (state.kind === 'loading') return <main className="ec-screen" aria-busy="true"><p>正在签到…</p></main>;
  if (state.kind === 'notStaff') return <Message title="这是活动签到码" text="请在活动现场出示给工作人员扫码签到。工作人员用管理中心的扫码签到，或用手机相机扫描即可。" />;
  if (state.kind === 'no') {
    return (
      <main className="ec-screen ec-no" role="alert" data-testid="ticket-verdict" data-verdict="no">
        <span className="ec-icon" aria-hidden="true">✕</span>
        <h1>未签到</h1>
        <p>{state.message}</p>
      </main>
    );
  }
  const { v } = state;
  return (
    <main className="ec-screen ec-ok" role="alert" data-testid="ticket-verdict" data-verdict="ok">
      <span className="ec-icon" aria-hidden="true">✓</span>
      <p>{v.title}</p>
      <p className="ec-name">{v.name}</p>
      <p>{v.companions > 0 ? `同行 ${v.companions} 人` : '本人'} · {v.repeat ? '已签到过，不重复计数' : '签到成功'}</p>
      <p>已签到 {v.attended} 人</p>
      <Link className="ec-button" to={`${WebRoute.eventManage}?id=${encodeURIComponent(v.eventId)}`}>
        查看签到名单
      </Link>
    </main>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  return (
    <main className="ec-screen" data-testid="ticket-verdict" data-verdict="info">
      <h1>{title}</h1>
      <p>{text}</p>
      <Link className="ec-button" to={WebRoute.home}>
        返回首页
      </Link>
    </main>
  );
}
