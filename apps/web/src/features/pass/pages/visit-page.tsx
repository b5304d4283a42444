import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { visitMomentText, visitWindowText } from '@sq/contract/visits/visit-window';
import { isClientError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { visitorPassQuery } from '../api/invitations';
import { PassCard, type Scan } from '../components/pass-card';
import { PassHeader } from '../components/pass-header';
import { ResultPanel } from '../components/result-panel';
import { preloadCodeMaker, useRotatingQr } from '../components/use-rotating-qr';
import { VisitorDocumentForm } from '../components/visitor-document-form';
import { describePass } from '../lib/pass-display';
import { readVisit, saveVisit } from '../lib/visit-cache';
import '../components/pass-ui.css';
import './pass-page.css';
import './register-page.css';
import './visit-page.css';

// The QR's maker is fetched with this page, not after its pass arrives.
preloadCodeMaker();

/**
 * 访客通行证 (/visit?t=…): the pass of a visitor a resident invited, opened from the SMS link with
 * no account. It shows the rotating QR while the invitation lets them through (entering or
 * leaving), asks for a document first where the community wants one, and greets them once the
 * gate has scanned them.
 */
export function VisitPage() {
  const token = useSearchParams()[0].get('t') ?? '';
  const [direction, setDirection] = useState<1 | 2>(1);
  const query = useQuery({ ...visitorPassQuery(token, direction), enabled: token !== '' });
  // No answer at all (not a refusal): the gate has no signal. The phone's copy, if any, stands in.
  const networkDown = query.isError && !isClientError(query.error);
  const cached = networkDown && !query.data ? readVisit(token, direction) : null;
  const data = query.data ?? cached?.data;
  const receivedAt = query.data ? query.dataUpdatedAt : (cached?.savedAt ?? 0);
  useEffect(() => {
    if (query.data) saveVisit(token, direction, query.dataUpdatedAt, query.data);
  }, [query.data, query.dataUpdatedAt, token, direction]);
  const visit = data?.visit;
  const view = data?.userCard ?? null;
  // 有效期至: the window's end to the minute, not a day (a visit is hours long).
  const display = view?.qr && visit ? { ...describePass(view), validUntil: visitMomentText(new Date(visit.end * 1000)) } : null;
  const rotating = useRotatingQr(view?.qr ? view : null, receivedAt, { visit: token });
  const [seenScan, setSeenScan] = useState<number | null>(null);
  const [scan, setScan] = useState<Scan | null>(null);
  useDocumentTitle('访客通行证');

  // The gate's scan shows as a greeting: the first answer sets what was seen before (state
  // adjusted while rendering, as React's docs do for a changed prop: no effect, no extra pass).
  const lastScan = visit?.lastScan ?? null;
  if (visit && seenScan === null) setSeenScan(lastScan?.at ?? 0);
  else if (lastScan && seenScan !== null && lastScan.at > seenScan) {
    setSeenScan(lastScan.at);
    setScan({ pass: lastScan.pass, at: lastScan.at });
    // Once in, the next code they need is the one for leaving.
    if (lastScan.pass === 1) setDirection(2);
  }

  const windowText = visit ? visitWindowText(new Date(visit.start * 1000), new Date(visit.end * 1000)) : '';
  let body;
  if (!token) body = <Problem title="链接不完整" text="请打开邀请短信中的完整链接" />;
  else if (query.isError && !data) {
    body = isClientError(query.error) ? (
      <Problem title="邀请链接无效" text={query.error.message} />
    ) : (
      <Problem title="网络不可用" text="请检查网络后重试" onRetry={() => void query.refetch()} />
    );
  } else if (!visit || !view) {
    body = (
      <div className="pass-card pass-loading" role="status" aria-label="加载中">
        <span className="pass-spinner" aria-hidden="true" />
        <p>正在获取通行证…</p>
      </div>
    );
  } else if (visit.status === 'cancelled') body = <Problem title="邀请已取消" text={`${visit.inviter} 已取消了这次邀请，如有疑问请联系对方。`} />;
  else if (visit.needsDocument) body = <VisitorDocumentForm token={token} poiId={visit.poiId} community={visit.community} />;
  else if (display || scan) {
    body = (
      <PassCard
        view={view}
        display={display ?? describePass({ ...view, ptype: 1 })}
        rotating={rotating}
        scan={scan}
        offline={networkDown}
        savedAt={cached?.savedAt ?? null}
        onRefresh={() => {
          setScan(null);
          void query.refetch();
        }}
        refreshing={query.isFetching}
      />
    );
  } else if (visit.status === 'waiting') body = <Problem tone="info" title="未到来访时间" text={`通行证将于 ${visitMomentText(new Date(visit.start * 1000))} 生效，届时请重新打开此页面。`} />;
  else if (visit.status === 'used' && direction === 1) body = <Problem tone="info" title="进入次数已用完" text="本次邀请的进入次数已用完。离开小区时请选择上方的「离开」。" />;
  else body = <Problem title="邀请已结束" text="来访时间已过，如需再次来访请联系邀请您的住户。" />;

  return (
    <main className={`pass-screen pass-page visit-page tone-${display?.tone ?? 'visitor'}`}>
      <PassHeader title="访客通行证" fallback={WebRoute.home}>
        {visit && (
          <div className="pass-hero">
            <p className="pass-community">{visit.community}</p>
            <p className="visit-host">{visit.inviter} 邀请您来访</p>
          </div>
        )}
      </PassHeader>
      {visit && !visit.needsDocument && visit.status !== 'cancelled' && (
        <div className="visit-direction" role="group" aria-label="通行方向">
          {([1, 2] as const).map((d) => (
            <button key={d} type="button" aria-pressed={direction === d} className={direction === d ? 'is-on' : ''} onClick={() => { setScan(null); setDirection(d); }}>
              {d === 1 ? '进入小区' : '离开小区'}
            </button>
          ))}
        </div>
      )}
      {body}
      {visit && (
        <section className="pass-card visit-info" aria-label="邀请信息">
          <dl>
            <div>
              <dt>访客</dt>
              <dd>{visit.name}</dd>
            </div>
            <div>
              <dt>来访时间</dt>
              <dd>{windowText}</dd>
            </div>
            <div>
              <dt>进入次数</dt>
              <dd>
                已进入 {visit.entriesUsed} / {visit.entries} 次
              </dd>
            </div>
            {visit.plate && (
              <div>
                <dt>车牌</dt>
                <dd>{visit.plate}</dd>
              </div>
            )}
          </dl>
          <p className="visit-privacy">
            您的姓名和手机号由邀请人提供，仅用于本次来访的出入核验。<Link to={WebRoute.privacy}>隐私政策</Link>
          </p>
        </section>
      )}
    </main>
  );
}

function Problem({ title, text, tone = 'warning', onRetry }: { title: string; text: string; tone?: 'warning' | 'info' | 'error'; onRetry?: () => void }) {
  return (
    <section className="pass-card">
      <ResultPanel tone={tone} title={title} description={text}>
        {onRetry && (
          <button type="button" className="pass-button pass-button-primary" onClick={onRetry}>
            重新加载
          </button>
        )}
      </ResultPanel>
    </section>
  );
}
