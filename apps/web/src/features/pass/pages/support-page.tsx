import { useEffect } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { supportContactQuery } from '../api/support-contact';
import { PassHeader } from '../components/pass-header';
import { QrImage } from '../components/qr-image';
import { ResultPanel } from '../components/result-panel';
import { clearLastPass } from '../lib/pass-cache';
import '../components/pass-ui.css';
import './support-page.css';

/**
 * 技术支持 (/support), linked from the pass page: the operator's hotline and WeChat as this
 * deployment configured them (SUPPORT_* settings); a part that is not configured is not shown.
 */
export function SupportPage() {
  useDocumentTitle('技术支持');
  // Spec §2: leaving this page clears the stored pass value; the pass page fetches afresh.
  useEffect(() => () => clearLastPass(), []);
  const contact = useQuery(supportContactQuery());
  const c = contact.data;
  return (
    <main className="pass-screen support-page">
      <PassHeader title="技术支持">
        <div className="support-hero">
          <p className="support-heading">社区出入通行证</p>
          <p className="support-sub">使用中遇到问题，请联系我们</p>
        </div>
      </PassHeader>
      {!c ? (
        contact.isPending ? (
          <div className="support-loading" role="status" aria-label="加载中">
            <DotLoading color="primary" />
          </div>
        ) : (
          <section className="pass-card">
            <ResultPanel tone="warning" title="暂时无法获取联系方式" description="请检查网络后重试，或直接联系社区工作人员" />
          </section>
        )
      ) : !c.hotline && !c.wechatId && !c.wechatQr ? (
        <section className="pass-card">
          <ResultPanel tone="info" title="暂未设置技术支持联系方式" description="如需帮助，请联系社区物业或执勤工作人员" />
        </section>
      ) : (
        <>
          {c.hotline && (
            <section className="pass-card support-card">
              <h2 className="pass-card-title">客服热线</h2>
              <a className="support-phone" href={`tel:${c.hotline.replace(/[\s-]/g, '')}`}>
                {c.hotline}
              </a>
              {c.hours && <p className="support-note">{c.hours}</p>}
            </section>
          )}
          {(c.wechatQr || c.wechatId) && (
            <section className="pass-card support-card">
              <h2 className="pass-card-title">技术支持微信</h2>
              {c.wechatQr && <QrImage className="support-qr" value={c.wechatQr} alt="技术支持微信二维码" size={168} />}
              {c.wechatId && <p className="support-note">微信号：{c.wechatId}{c.wechatQr ? '（长按识别或截图扫码添加）' : ''}</p>}
            </section>
          )}
        </>
      )}
      {/* What the hotline asks a caller to open first: the phone's own checks, with a result to read out. */}
      <section className="pass-card support-card">
        <h2 className="pass-card-title">手机自助检测</h2>
        <p className="support-note support-check-note">扫码、定位、网络或手机时间有问题时，先检测一下，再把结果告诉客服</p>
        <Link className="support-check" to={WebRoute.selfCheck}>
          开始检测
        </Link>
      </section>
    </main>
  );
}
