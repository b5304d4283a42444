import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { userProfileQuery } from '../api/user-profile';
import { InfoRows } from './info-rows';
import { MyPlates } from './my-plates';
import { PassHeader } from './pass-header';
import { registrationRows } from './registration-rows';
import { ResultPanel } from './result-panel';
import { ReturnedNote } from './returned-note';
import { StatusTag } from './status-tag';

/**
 * 个人信息 (/xxdetail?type=user): the person's own registration, mobile and ID masked, and the way
 * to edit it when it was sent back or the tenancy ended (the server's `canSubmit`, spec §4).
 */
export function OwnRegistration({ poiId }: { poiId: string }) {
  useDocumentTitle('个人信息');
  const profile = useQuery(userProfileQuery(poiId));
  const q = encodeURIComponent(poiId);
  const formPath = `${WebRoute.register}?poiId=${q}`;
  const card = profile.data?.userCard;

  let body;
  if (profile.isError) body = <ResultPanel tone="error" title="加载失败" description={profile.error.message} />;
  else if (!profile.data)
    body = (
      <p className="detail-loading" role="status">
        正在加载…
      </p>
    );
  else if (!card)
    body = (
      <ResultPanel tone="info" title="您还没有在本社区登记" description="登记并审核通过后即可使用通行证">
        <Link className="pass-button pass-button-primary" to={formPath}>
          去登记
        </Link>
      </ResultPanel>
    );
  else
    body = (
      <>
        <div className="detail-head">
          <h2 className="pass-card-title">我的登记</h2>
          <StatusTag status={card.status} revoked={card.revoked} />
        </div>
        {card.status === -1 && <ReturnedNote card={card} className="detail-note" />}
        <InfoRows rows={registrationRows(card)} />
        <div className="detail-actions">
          {profile.data.canSubmit && (
            <Link className="pass-button pass-button-primary" to={formPath}>
              {card.revoked ? '重新提交登记' : '编辑并重新提交'}
            </Link>
          )}
          <Link className="pass-button" to={`${WebRoute.pass}?poiId=${q}&state=1`}>
            查看通行证
          </Link>
        </div>
      </>
    );

  return (
    <main className="pass-screen">
      <PassHeader title="个人信息" fallback={`${WebRoute.pass}?poiId=${q}&state=1`}>
        <p className="detail-community">{profile.data?.community.community ?? ''}</p>
      </PassHeader>
      <section className="pass-card">{body}</section>
      {card && <MyPlates poiId={poiId} />}
      <p className="pass-hint">手机号和证件号码已部分隐藏，仅本社区工作人员审核时可见完整信息</p>
      <p className="pass-hint">
        <Link className="pass-hint-link" to={`${WebRoute.myData}?poiId=${q}`}>
          查看谁看过我的信息、下载副本或删除 ›
        </Link>
      </p>
    </main>
  );
}
