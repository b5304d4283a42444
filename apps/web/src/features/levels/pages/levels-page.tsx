import { Link } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { levelName, MEMBER_LEVELS, POINT_REASONS, POINTS_FOR } from '@sq/contract/levels/level-rules';
import { WebRoute } from '@sq/contract/routes';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useMyLevel } from '../api/level-queries';
import '../levels.css';

/** /lvip (会员等级): my level and points, the way to the next level, how points are earned and the awards. */
export function LevelsPage() {
  useDocumentTitle('会员等级');
  const token = useStoredValue(StorageKey.token);
  const mine = useMyLevel(Boolean(token));
  const first = mine.data?.pages[0];
  return (
    <main className="lv-page">
      <PageHeader title="会员等级" heading right={<Link className="lv-link" to={WebRoute.memberTop}>最高等级</Link>} />
      <div className="lv-body">
        {!token ? (
          <section className="lv-card" role="alert">
            <p>登录后查看您的会员等级和积分</p>
            <Link className="lv-link" to={`${WebRoute.login}?referer=${encodeURIComponent(WebRoute.memberLevels)}`}>
              去登录
            </Link>
          </section>
        ) : mine.error ? (
          <section className="lv-card" role="alert">
            <p>{mine.error.message}</p>
          </section>
        ) : !first ? (
          <p className="lv-muted" role="status">正在加载…</p>
        ) : (
          <>
            <section className="lv-hero" aria-label="我的等级">
              <p className="lv-hero-level">{levelName(first.level)}</p>
              <p className="lv-hero-points">积分 {first.points}</p>
              {first.nextLevel ? (
                <>
                  <div className="lv-bar" role="progressbar" aria-label="距下一等级" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress(first.points, first.level, first.nextLevel.from)}>
                    <span style={{ width: `${progress(first.points, first.level, first.nextLevel.from)}%` }} />
                  </div>
                  <p className="lv-hero-next">
                    再得 {first.nextLevel.pointsToGo} 分升为 {levelName(first.nextLevel.level)}
                  </p>
                </>
              ) : (
                <p className="lv-hero-next">您已是最高等级</p>
              )}
            </section>
            <section className="lv-card" aria-labelledby="lv-earn">
              <h2 className="lv-card-title" id="lv-earn">
                怎样得积分
              </h2>
              <ul className="lv-list">
                {POINT_REASONS.map((r) => (
                  <li className="lv-row" key={r}>
                    <span>{POINTS_FOR[r].label}</span>
                    <span className="lv-plus">+{POINTS_FOR[r].points}</span>
                  </li>
                ))}
              </ul>
              <p className="lv-muted">同一件事只计一次（同一场活动、同一张券、同一条纠错、同一篇帖子）。登录不计分。</p>
            </section>
            <section className="lv-card" aria-labelledby="lv-levels">
              <h2 className="lv-card-title" id="lv-levels">
                等级
              </h2>
              <ul className="lv-list">
                {MEMBER_LEVELS.map((l) => (
                  <li className={`lv-row${l.level === first.level ? ' lv-level-on' : ''}`} key={l.level}>
                    <span>{levelName(l.level)}</span>
                    <span>{l.from} 分起</span>
                  </li>
                ))}
              </ul>
              <p className="lv-muted">周边商家可以发只有一定等级以上会员才能领的优惠券。</p>
            </section>
            <section className="lv-card" aria-labelledby="lv-history">
              <h2 className="lv-card-title" id="lv-history">
                积分记录
              </h2>
              {first.history.length === 0 ? (
                <p className="lv-muted">还没有积分。参加社区活动、到店用券、纠错被采纳、帖子被标为有用都能得分。</p>
              ) : (
                <ul className="lv-list">
                  {mine.data!.pages.flatMap((p) => p.history).map((h) => (
                    <li className="lv-row" key={h.id}>
                      <span>
                        {POINTS_FOR[h.reason].label}
                        <small>{beijingDateTime(new Date(h.at * 1000))}</small>
                      </span>
                      <span className="lv-plus">+{h.points}</span>
                    </li>
                  ))}
                </ul>
              )}
              <LoadMore hasMore={mine.hasNextPage} loading={mine.isFetchingNextPage} onMore={() => void mine.fetchNextPage()} />
            </section>
          </>
        )}
      </div>
    </main>
  );
}

/** How far (percent) `points` are from the start of `level` to the next level's `from`. */
function progress(points: number, level: number, nextFrom: number) {
  const from = MEMBER_LEVELS.find((l) => l.level === level)?.from ?? 0;
  return Math.max(0, Math.min(100, Math.round(((points - from) / (nextFrom - from)) * 100)));
}
