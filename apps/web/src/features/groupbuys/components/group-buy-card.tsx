import { Link } from 'react-router';
import { GROUP_BUY_STATE_TEXT, refundedInFullState, timeLeftText } from '@sq/contract/groupbuys/group-buy-rules';
import type { GroupBuyCard as Card } from '@sq/contract/groupbuys/group-buys';
import { priceText } from '@sq/contract/money';
import { WebRoute } from '@sq/contract/routes';

/** One group buy in a list: photo, title, price from, sold/stock, 成团 progress and time left – or, failed or cancelled, only that it was refunded in full. */
export function GroupBuyCard({ g, serverTime, leader }: { g: Card; serverTime: number; leader?: string | null }) {
  const left = g.state === 'coming' ? g.opensAt - serverTime : g.closesAt - serverTime;
  const reached = g.buyers >= g.minOrders;
  return (
    <Link className="gb-card" to={`${WebRoute.groupBuys}?id=${g.id}${leader ? `&leader=${leader}` : ''}`}>
      {g.cover ? <img className="gb-card-photo" src={g.cover.thumbUrl} alt="" loading="lazy" /> : <div className="gb-card-photo gb-card-nophoto">团</div>}
      <div className="gb-card-body">
        <h3 className="gb-card-title">{g.title}</h3>
        <p className="gb-card-seller">
          {g.seller.kind === 'leader' ? '团长' : '商家'}：{g.seller.name}
        </p>
        <p className="gb-price">
          {priceText(g.priceFromFen)}
          <small> 起</small>
        </p>
        {refundedInFullState(g.state) ? (
          <p className="gb-progress" data-testid="gb-card-state">
            {GROUP_BUY_STATE_TEXT[g.state]}
          </p>
        ) : (
          <>
            <p className="gb-card-meta">
              已售 {g.sold} / 共 {g.stock} 件
            </p>
            <p className={reached ? 'gb-progress gb-progress-ok' : 'gb-progress'}>
              {reached ? `已成团（${g.buyers}人参团）` : `${g.buyers}/${g.minOrders}人成团`}
            </p>
            <p className="gb-card-time">{g.state === 'coming' ? `${timeLeftText(left)}后开团` : g.state === 'selling' ? `剩 ${timeLeftText(left)} 截单` : GROUP_BUY_STATE_TEXT[g.state]}</p>
          </>
        )}
      </div>
    </Link>
  );
}
