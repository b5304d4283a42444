import { useMemo, useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { PageHeader } from '../../../components/page-header';
import { currentHost, getNativeToken, hostTargetOrigin } from '../../../lib/native-bridge';
import { StorageKey } from '../../../lib/storage';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStoredValue } from '../../../lib/use-stored-value';
import { appVersion } from '../lib/app-version';
import { STATE_LABEL, type CheckResult } from '../lib/check-result';
import { copyText } from '../lib/copy-text';
import { tryCamera, tryLocation } from '../lib/device-probes';
import { describeDevice, describeEnvironment, utcOffsetLabel } from '../lib/environment';
import { buildReport, reportVerdict } from '../lib/report';
import { CHECKS, useChecks, type CheckId } from '../lib/run-checks';
import './self-check-page.css';

function StateChip({ state }: { state: CheckResult['state'] }) {
  return (
    <span className={`sc-chip sc-chip-${state}`}>
      {state === 'running' && <DotLoading color="currentColor" />}
      {STATE_LABEL[state]}
    </span>
  );
}

/** The facts of the report and the page: version, environment, device. Nothing personal. */
function useFacts(loggedIn: boolean) {
  return useMemo(() => {
    const host = currentHost();
    const origin = host === 'iframe' ? hostTargetOrigin(document.referrer, window.location.origin) : '*';
    const sw = 'serviceWorker' in navigator && navigator.serviceWorker.controller ? '离线缓存已就绪' : '离线缓存未就绪';
    return [
      { label: '应用版本', value: `${appVersion()}；${sw}` },
      {
        label: '运行环境',
        value: `${describeEnvironment({
          userAgent: navigator.userAgent,
          host,
          nativeLoggedIn: getNativeToken() !== null,
          parentOrigin: origin === '*' ? null : origin,
          standalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
        })}；${loggedIn ? '已登录' : '未登录'}；长辈模式${document.documentElement.dataset.elder === '1' ? '开' : '关'}`,
      },
      {
        label: '设备与浏览器',
        value: describeDevice({
          userAgent: navigator.userAgent,
          width: window.innerWidth,
          height: window.innerHeight,
          pixelRatio: window.devicePixelRatio || 1,
          language: navigator.language,
          timeZone: utcOffsetLabel(new Date().getTimezoneOffset()),
        }),
      },
      { label: '浏览器标识', value: navigator.userAgent },
    ];
  }, [loggedIn]);
}

/**
 * /test (自助检测): what the support hotline asks a person to open. Every check runs at once, each a
 * row with 检测中 / 正常 / 提示 / 异常, what was found and what to do; then the version and where
 * the page runs. 复制检测结果 copies a plain-text report (shown to read out when copying fails).
 */
export function SelfCheckPage() {
  useDocumentTitle('自助检测');
  const token = useStoredValue(StorageKey.token);
  const facts = useFacts(Boolean(token));
  const { results, offsetMs, run, set } = useChecks();
  const [trying, setTrying] = useState<CheckId | null>(null);
  const [shown, setShown] = useState<{ text: string; copied: boolean } | null>(null);
  const reportBox = useRef<HTMLTextAreaElement>(null);

  const checks = CHECKS.map((c) => ({ ...c, result: results[c.id] }));
  const done = checks.every((c) => c.result.state !== 'running');
  const failed = checks.filter((c) => c.result.state === 'fail').length;
  const verdict = reportVerdict(checks);

  const tryOne = async (id: CheckId, probe: () => Promise<CheckResult>) => {
    setTrying(id);
    set(id, await probe());
    setTrying(null);
  };

  const copy = async () => {
    // The server's clock when known: a phone whose clock is wrong still reports the right time.
    const text = buildReport({ checkedAt: new Date(Date.now() + (offsetMs ?? 0)), checks, facts });
    const copied = await copyText(text);
    setShown({ text, copied });
    if (copied) showToast({ icon: 'success', content: '已复制，可以粘贴发给客服' });
    else requestAnimationFrame(() => reportBox.current?.select());
  };

  const action = (id: CheckId) => {
    if (id === 'camera' && 'mediaDevices' in navigator && results.camera.state !== 'ok')
      return { label: '测试摄像头', run: () => void tryOne('camera', tryCamera) };
    if (id === 'location' && 'geolocation' in navigator && results.location.state !== 'ok')
      return { label: '测试定位', run: () => void tryOne('location', tryLocation) };
    return null;
  };

  return (
    <main className="sc-page">
      <PageHeader heading title="自助检测" />
      <section className={`sc-card sc-verdict sc-verdict-${!done ? 'running' : failed ? 'fail' : 'ok'}`} aria-labelledby="sc-verdict-title">
        <h2 id="sc-verdict-title" className="sc-verdict-title">
          {done ? (failed ? `发现 ${failed} 项异常` : '检测完成') : '正在检测…'}
        </h2>
        <p className="sc-verdict-text" role="status" data-testid="self-check-verdict">
          {done ? verdict : '请稍候，几秒钟就好'}
        </p>
        <p className="sc-verdict-hint">客服询问时，可以把结果读给客服听，或复制后发给客服。</p>
        <div className="sc-verdict-actions">
          <Button color="primary" shape="rounded" size="large" disabled={!done} onClick={() => void copy()}>
            复制检测结果
          </Button>
          <Button color="primary" fill="outline" shape="rounded" size="large" disabled={!done} onClick={run}>
            重新检测
          </Button>
        </div>
      </section>

      {shown && (
        <section className="sc-card sc-report" aria-labelledby="sc-report-title">
          <h2 id="sc-report-title" className="sc-section-title">
            检测结果
          </h2>
          <p className="sc-report-note">{shown.copied ? '已复制到剪贴板，可以粘贴到微信发给客服。' : '无法自动复制：请长按下面的文字全选后复制，或读给客服听。'}</p>
          <textarea ref={reportBox} className="sc-report-text" readOnly value={shown.text} rows={Math.min(24, shown.text.split('\n').length + 1)} aria-label="检测结果全文" />
        </section>
      )}

      <section className="sc-card" aria-labelledby="sc-checks-title">
        <h2 id="sc-checks-title" className="sc-section-title">
          检测项目
        </h2>
        <ul className="sc-rows">
          {checks.map((c) => {
            const a = action(c.id);
            return (
              <li key={c.id} className="sc-row" data-check={c.id} data-state={c.result.state}>
                <div className="sc-row-head">
                  <h3 className="sc-row-label">{c.label}</h3>
                  <StateChip state={c.result.state} />
                </div>
                <p className="sc-row-summary">{c.result.summary}</p>
                {c.result.advice && c.result.state !== 'ok' && <p className="sc-row-advice">{c.result.advice}</p>}
                {a && c.result.state !== 'running' && (
                  <Button className="sc-row-action" color="primary" fill="outline" shape="rounded" loading={trying === c.id} disabled={trying !== null} onClick={a.run}>
                    {a.label}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="sc-card" aria-labelledby="sc-facts-title">
        <h2 id="sc-facts-title" className="sc-section-title">
          设备信息
        </h2>
        <dl className="sc-facts">
          {facts.map((f) => (
            <div key={f.label} className="sc-fact">
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="sc-privacy">检测结果不含手机号、位置、登录凭证等个人信息。</p>
    </main>
  );
}
