import { useEffect } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PassHeader } from '../components/pass-header';
import { QrImage } from '../components/qr-image';
import { clearLastPass } from '../lib/pass-cache';
import { SUPPORT_CONTACT } from '../support-contact';
import '../components/pass-ui.css';
import './support-page.css';

/** 技术支持 (/support), linked from the pass page. */
export function SupportPage() {
  useDocumentTitle('技术支持');
  // Spec §2: leaving this page clears the stored pass value; the pass page fetches afresh.
  useEffect(() => () => clearLastPass(), []);
  const { hotline, wechatId, wechatQr } = SUPPORT_CONTACT;
  return (
    <main className="pass-screen support-page">
      <PassHeader title="技术支持">
        <div className="support-hero">
          <p className="support-heading">社区出入通行证</p>
          <p className="support-sub">使用中遇到问题，请联系我们</p>
        </div>
      </PassHeader>
      <section className="pass-card support-card">
        <h2 className="pass-card-title">客服热线</h2>
        <a className="support-phone" href={`tel:${hotline.replace(/-/g, '')}`}>
          {hotline}
        </a>
        <p className="support-note">工作日 9:00–18:00</p>
      </section>
      <section className="pass-card support-card">
        <h2 className="pass-card-title">技术支持微信</h2>
        <QrImage className="support-qr" value={wechatQr} alt="技术支持微信二维码" size={168} />
        <p className="support-note">微信号：{wechatId}（长按识别或截图扫码添加）</p>
      </section>
    </main>
  );
}
