import Button from 'antd-mobile/es/components/button';
import { useSearchParams } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { priceText } from '@sq/contract/money';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { shareLink } from '../../../lib/share';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useRedbagShare } from '../api/redbag-queries';
import { LoginFirst, RedbagFrame, redbagLinks, Refusal } from '../components/redbag-parts';
import '../redbags.css';

/** /redbag/share?id=: the sharer's packet – who opened it (screen names and amounts) and 分享给邻居. */
export function RedbagSharePage() {
  useDocumentTitle('分享红包');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = useStoredValue(StorageKey.token);
  const share = useRedbagShare(id, Boolean(token) && id !== '');
  const back = `${WebRoute.redbagShare}?id=${encodeURIComponent(id)}`;
  return (
    <RedbagFrame title="分享红包">
      {!token ? (
        <LoginFirst what="查看您分享的红包" back={back} />
      ) : share.error ? (
        <Refusal message={share.error.message} />
      ) : !share.data ? (
        <p className="rb-muted" role="status">正在加载…</p>
      ) : (
        <>
          <section className="rb-packet">
            <h2>{share.data.title}</h2>
            <p className="rb-packet-shop">{share.data.merchantName}</p>
            <p className="rb-amount">
              {share.data.opened}/{share.data.shares}
            </p>
            <p className="rb-note">{share.data.opened >= share.data.shares ? '红包已被领完' : `还剩${share.data.shares - share.data.opened}份，分享给邻居来拆`}</p>
            {share.data.opened < share.data.shares && (
              <Button
                className="rb-share-button"
                shape="rounded"
                size="large"
                onClick={() => void shareLink(`${window.location.origin}${redbagLinks.packet(share.data.id)}`, `${share.data.title}：邻居，来拆红包！`)}
              >
                分享给邻居
              </Button>
            )}
          </section>
          <section className="rb-card" aria-labelledby="rb-openers">
            <h2 className="rb-card-title" id="rb-openers">
              领取详情（共{priceText(share.data.packetFen)}）
            </h2>
            <ul className="rb-list">
              {share.data.openers.map((o, i) => (
                <li className="rb-row" key={i}>
                  <div className="rb-row-main">
                    <p className="rb-row-title">{o.me ? `${o.name}（我）` : o.name}</p>
                    <p className="rb-muted">{beijingDateTime(new Date(o.openedAt * 1000))}</p>
                  </div>
                  <span className="rb-row-money">{priceText(o.amountFen)}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </RedbagFrame>
  );
}
