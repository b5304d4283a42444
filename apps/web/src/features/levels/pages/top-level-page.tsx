import { Link } from 'react-router';
import { couponFace } from '@sq/contract/coupons/coupon-rules';
import { levelName, MEMBER_LEVELS, TOP_LEVEL } from '@sq/contract/levels/level-rules';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTopLevelBatches } from '../api/level-queries';
import '../levels.css';

const top = MEMBER_LEVELS.find((l) => l.level === TOP_LEVEL)!;

/** /svip: the top level – how to reach it and what it gives (the shops' coupons only for it, when there are any). */
export function TopLevelPage() {
  useDocumentTitle(levelName(TOP_LEVEL));
  const { poiId } = useCurrentCommunityId();
  const batches = useTopLevelBatches(poiId, TOP_LEVEL);
  return (
    <main className="lv-page">
      <PageHeader title="最高等级会员" heading />
      <div className="lv-body">
        <section className="lv-hero">
          <p className="lv-hero-level">{levelName(TOP_LEVEL)}</p>
          <p className="lv-hero-next">积分达到 {top.from} 分即可升为最高等级。积分来自参加社区活动、到店用券、纠错被采纳和帖子被标为有用，不能购买。</p>
        </section>
        <section className="lv-card" aria-labelledby="sv-gives">
          <h2 className="lv-card-title" id="sv-gives">
            最高等级有什么
          </h2>
          <p className="lv-muted">周边商家可以发只有{levelName(TOP_LEVEL)}才能领的优惠券{batches.data ? '，下面列出您所在社区现有的这类优惠券' : ''}。付费会员暂不提供。</p>
        </section>
        {batches.data && (
          <section className="lv-card" aria-labelledby="sv-batches">
            <h2 className="lv-card-title" id="sv-batches">
              {levelName(TOP_LEVEL)}专享优惠券
            </h2>
            {batches.data.length === 0 ? (
              <p className="lv-muted">本社区暂时没有最高等级专享的优惠券。</p>
            ) : (
              <ul className="lv-list">
                {batches.data.map((b) => (
                  <li className="lv-row" key={b.id}>
                    <span>
                      {b.title}
                      <small>{b.merchant.name}</small>
                    </span>
                    <span className="lv-plus">{couponFace(b)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <Link className="lv-link" to={WebRoute.memberLevels}>
          查看我的等级和积分
        </Link>
      </div>
    </main>
  );
}
