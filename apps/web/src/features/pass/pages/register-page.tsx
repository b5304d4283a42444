import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import type { Registration } from '@sq/contract/pass/registration-rules';
import { WebRoute } from '@sq/contract/routes';
import { confirmDialog } from '../../../lib/dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRetention } from '../api/retention';
import { useSubmitRegistration } from '../api/submit-registration';
import { userProfileQuery } from '../api/user-profile';
import { InfoRows } from '../components/info-rows';
import { PrivacyNotice } from '../components/privacy-notice';
import { PassHeader } from '../components/pass-header';
import { RegistrationForm } from '../components/registration-form';
import { registrationRows } from '../components/registration-rows';
import { ResultPanel } from '../components/result-panel';
import { ReturnedNote } from '../components/returned-note';
import { StatusTag } from '../components/status-tag';
import { initialForm, keptValues } from '../lib/registration-form';
import '../components/pass-ui.css';
import './register-page.css';

/**
 * 出入登记 (/addmsg?poiId=…), and 信息登记 when staff register someone else (glmsk=1): no own data
 * is filled in, `import: 1` is sent, and after each one the next can be registered.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const poiId = useCurrentCommunityId().poiId ?? '';
  const managerMode = params.get('glmsk') === '1';
  const title = managerMode ? '信息登记' : '出入登记';
  useDocumentTitle(title);
  const navigate = useNavigate();
  const profile = useQuery({ ...userProfileQuery(poiId), enabled: poiId !== '' });
  const submit = useSubmitRegistration(poiId, managerMode);
  const retention = useRetention(poiId);
  // A new key gives the next person (manager mode) an empty form.
  const [round, setRound] = useState(0);
  const passPath = `${WebRoute.pass}?poiId=${encodeURIComponent(poiId)}&state=1`;

  const onSubmit = (value: Registration, consented: boolean) =>
    submit.mutate({ value, consented }, {
      onSuccess: async () => {
        if (!managerMode) {
          navigate(passPath, { replace: true });
          return;
        }
        const again = await confirmDialog({ content: `${value.name} 登记成功，是否继续登记下一位？`, confirmText: '继续登记', cancelText: '返回' });
        if (again) {
          setRound((r) => r + 1);
          window.scrollTo(0, 0);
        } else navigate(`${WebRoute.manageCentre}?poiId=${encodeURIComponent(poiId)}`, { replace: true });
      },
    });

  const data = profile.data;
  let body;
  if (!poiId) body = <ResultPanel tone="warning" title="链接不完整" description="请从社区页面或小区门口的二维码进入登记" />;
  else if (profile.isError) body = <ResultPanel tone="error" title="暂时无法登记" description={profile.error.message} />;
  else if (!data)
    body = (
      <div className="reg-loading" role="status">
        正在加载…
      </div>
    );
  else if (!managerMode && !data.canSubmit && data.userCard) {
    body = (
      <section className="pass-card">
        <div className="reg-status-head">
          <h2 className="pass-card-title">我的登记</h2>
          <StatusTag status={data.userCard.status} revoked={data.userCard.revoked} />
        </div>
        <p className="reg-status-text">{data.userCard.status === 0 ? '您的登记正在审核中，审核通过后即可使用通行证。' : '您已登记，无需重复填写。'}</p>
        <InfoRows rows={registrationRows(data.userCard)} />
        <Link className="pass-button pass-button-primary reg-status-link" to={passPath}>
          查看通行证
        </Link>
      </section>
    );
  } else {
    body = (
      <>
        {!managerMode && data.userCard?.status === -1 ? (
          <ReturnedNote card={data.userCard} className="reg-intro reg-intro-returned" />
        ) : (
          <p className="reg-intro">{managerMode ? '代他人登记：请如实填写被登记人的信息，提交后直接通过。' : '请如实填写以下信息，社区工作人员审核通过后即可使用通行证。'}</p>
        )}
        <RegistrationForm
          key={round}
          initial={initialForm(data.userCard, data.mobile, managerMode)}
          kept={keptValues(data.userCard, managerMode)}
          buildings={data.allowAddress}
          submitting={submit.isPending}
          notice={managerMode ? null : <PrivacyNotice community={data.community.community} retention={retention.data?.retention} />}
          onSubmit={onSubmit}
        />
        {managerMode ? (
          <p className="reg-retention">被登记人首次打开通行证时会看到《个人信息处理说明》并确认。</p>
        ) : (
          <p className="reg-retention">
            <Link to={`${WebRoute.privacy}?poiId=${encodeURIComponent(poiId)}`}>查看完整的隐私政策</Link>
          </p>
        )}
      </>
    );
  }

  return (
    <main className="pass-screen register-page">
      <PassHeader title={title} fallback={`${WebRoute.home}?poiId=${encodeURIComponent(poiId)}`}>
        <p className="reg-community">{data?.community.community ?? ''}</p>
      </PassHeader>
      <div className="reg-body">{body}</div>
    </main>
  );
}
