import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { qrMatrix, saveBlob } from '../../manage';
import { QrImage } from '../../pass';
import { useMyLeaderships } from '../api/earnings-queries';
import { drawSharePoster } from '../lib/share-poster';
import '../../../components/groupbuy-pages.css';

/** The link that credits the 团长: the community's group buys (or one, with ?id=) with ?leader=. */
export const creditedLink = (origin: string, leaderId: string, groupBuyId?: string) =>
  `${origin}${WebRoute.groupBuys}?${groupBuyId ? `id=${encodeURIComponent(groupBuyId)}&` : ''}leader=${encodeURIComponent(leaderId)}`;

/**
 * /myorder/pcenter – 推广中心 (团长): a link that credits the leader with the orders it brings (the
 * list of group buys, or one with ?id= pasted from its page), to copy, and a share poster (PNG with
 * the link's QR, drawn as the gate posters are) to save and send in WeChat.
 */
export function PromotionPage() {
  useDocumentTitle('推广中心');
  const leaders = useMyLeaderships();
  const leader = leaders.data?.leaders[0];
  const [groupBuyId, setGroupBuyId] = useState('');
  const id = /^[0-9a-f-]{36}$/i.test(groupBuyId.trim()) ? groupBuyId.trim() : undefined;
  const link = leader ? creditedLink(window.location.origin, leader.id, id) : '';
  const matrix = useMemo(() => (link ? qrMatrix(link) : null), [link]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast({ content: '链接已复制，可粘贴到微信群' });
    } catch {
      showToast({ content: '无法自动复制：请长按链接手动复制' });
    }
  };
  return (
    <main className="pk-page">
      <PageHeader title="推广中心" heading right={<Link className="pk-tap pk-header-link" to={WebRoute.leaderEarnings}>收益</Link>} />
      {leaders.isError && <p className="pk-problem">{leaders.error.message}</p>}
      {leaders.data && !leader && (
        <p className="pk-empty">
          您还不是已通过审核的团长。<Link className="pk-tap" to={WebRoute.leaderCentre}>去申请成为团长 ›</Link>
        </p>
      )}
      {leader && (
        <>
          <section className="pk-card" aria-label="推广链接">
            <h2 className="pk-group-title">{leader.displayName} 的推广链接</h2>
            <p className="pk-meta">邻居通过此链接下单，佣金计入您名下（顾客提货后结算）。</p>
            <label className="pk-field">
              指定团购（可选：粘贴团购编号，不填则为全部团购）
              <input value={groupBuyId} onChange={(e) => setGroupBuyId(e.target.value)} placeholder="团购编号" />
            </label>
            <div className="pk-link-row">
              <input readOnly value={link} aria-label="推广链接" data-testid="promotion-link" onFocus={(e) => e.target.select()} />
              <button type="button" className="pk-secondary" onClick={() => void copy()}>
                复制
              </button>
            </div>
          </section>
          <section className="pk-card pk-code" aria-label="分享海报">
            <QrImage value={link} alt="推广二维码" size={200} />
            <button
              type="button"
              className="pk-primary"
              disabled={!matrix}
              onClick={async () => {
                try {
                  saveBlob(await drawSharePoster({ leader: leader.displayName, pickupPoint: leader.pickupPoint, title: '邻里团购', matrix: matrix! }), `团购海报-${leader.displayName}.png`);
                } catch {
                  showToast({ content: '海报生成失败，请换用系统浏览器再试' });
                }
              }}
            >
              保存分享海报（PNG）
            </button>
          </section>
        </>
      )}
    </main>
  );
}
