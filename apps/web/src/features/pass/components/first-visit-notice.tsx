import { useState } from 'react';
import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { useGiveConsent } from '../api/give-consent';
import { useRetention } from '../api/retention';
import { PrivacyNotice } from './privacy-notice';
import './first-visit-notice.css';

/**
 * Shown over the pass the first time a person whom staff registered opens it (PIPL art. 17: the
 * notice before processing goes on): they agree, or learn how to have the registration deleted.
 * Its own chunk: almost nobody sees it, and the pass page's first load stays as it was.
 */
export function FirstVisitNotice({ poiId, community, onAgreed }: { poiId: string; community: string; onAgreed?: () => void }) {
  const retention = useRetention(poiId).data?.retention;
  const consent = useGiveConsent(poiId);
  const [declined, setDeclined] = useState(false);
  const q = `?poiId=${encodeURIComponent(poiId)}`;
  return (
    <div className="fvn-backdrop">
      <section className="fvn-dialog" role="dialog" aria-modal="true" aria-labelledby="fvn-title">
        <h2 id="fvn-title">个人信息处理说明</h2>
        <p className="fvn-lead">社区工作人员已为您办理出入登记。使用通行证前，请阅读我们如何处理您的信息：</p>
        <div className="fvn-body">
          <PrivacyNotice community={community} retention={retention} />
        </div>
        {declined ? (
          <p className="fvn-declined" role="status">
            如不同意，您可以在<Link to={`${WebRoute.myData}${q}`}>我的信息</Link>中删除登记，或联系社区工作人员删除。删除后通行证不再可用。
          </p>
        ) : null}
        <div className="fvn-actions">
          <button type="button" className="pass-button pass-button-primary" disabled={consent.isPending} onClick={() => consent.mutate(undefined, { onSuccess: onAgreed })}>
            {consent.isPending ? '正在提交…' : '同意并继续'}
          </button>
          {!declined && (
            <button type="button" className="pass-button" onClick={() => setDeclined(true)}>
              不同意
            </button>
          )}
        </div>
        <Link className="fvn-policy" to={`${WebRoute.privacy}${q}`}>
          查看完整的隐私政策
        </Link>
      </section>
    </div>
  );
}
