import { Link, useSearchParams } from 'react-router';
import { PRIVACY_NOTICE_VERSION } from '@sq/contract/privacy/notice';
import { WebRoute } from '@sq/contract/routes';
import { useCommunity } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRetention } from '../api/retention';
import { PassHeader } from '../components/pass-header';
import { PrivacyNotice } from '../components/privacy-notice';
import '../components/pass-ui.css';
import './privacy-page.css';

/**
 * 隐私政策 (/privacy?poiId=…): the notice of the registration form in full, with the community's
 * own periods, and how the data is protected. Open to anyone, logged in or not (PIPL art. 17).
 */
export function PrivacyPage() {
  useDocumentTitle('隐私政策');
  const poiId = useSearchParams()[0].get('poiId') ?? '';
  const community = useCommunity(poiId || null).data?.community ?? '';
  const retention = useRetention(poiId).data?.retention;
  const q = poiId ? `?poiId=${encodeURIComponent(poiId)}` : '';
  return (
    <main className="pass-screen privacy-page">
      <PassHeader title="隐私政策" fallback={`${WebRoute.home}${q}`}>
        <p className="privacy-sub">{community ? `${community} · 个人信息处理规则` : '个人信息处理规则'}</p>
      </PassHeader>
      <article className="pass-card privacy-card">
        <p>
          本政策说明{community || '各社区'}的物业与社区工作人员（个人信息处理者）通过本应用处理您个人信息的方式。
          我们只收集出入管理必需的信息，并依照《个人信息保护法》保护它。
        </p>
        <PrivacyNotice community={community} retention={retention} />
        {!retention && <p className="privacy-hint">以上为默认保存期限，各社区管理员可在规定范围内调整，以登记页显示的为准。</p>}
        <h2>如何保护</h2>
        <p>证件号码、手机号等信息加密保存；在列表和导出中部分隐藏；工作人员查看完整号码、导出表格都记入操作日志，可以追溯。</p>
        <h2>账号</h2>
        <p>您的手机号用于短信验证码登录；如使用微信登录，只保存用于识别您的微信标识，不获取您的通讯录或位置。</p>
        <h2>联系我们</h2>
        <p>
          对个人信息处理有疑问或要求，请联系社区工作人员，或通过<Link to={WebRoute.support}>技术支持</Link>联系我们。
          {poiId && (
            <>
              您也可以在<Link to={`${WebRoute.myData}${q}`}>我的信息</Link>中自行查看、下载或删除。
            </>
          )}
        </p>
        <p className="privacy-hint">版本：{PRIVACY_NOTICE_VERSION}</p>
      </article>
    </main>
  );
}
