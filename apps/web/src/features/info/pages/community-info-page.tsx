import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { RightOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommunity } from '../../../lib/community-queries';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { StaticMap } from '../../../components/static-map';
import { mineQuery, reviewStatusQuery } from '../api/info-queries';
import { SubmissionView } from '../components/submission-view';
import './community-info-page.css';

/**
 * /sqmsg: the community's card, and what the user suggested for it with each suggestion's review
 * state; `id` (from the success popup) marks the one just sent. Staff also find the review queue.
 */
export function CommunityInfoPage() {
  useDocumentTitle('社区信息');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useStoredValue(StorageKey.token);
  const current = useCurrentCommunityId();
  const poiId = current.poiId ?? '';
  const community = useCommunity(poiId || null);
  const mine = useQuery({ ...mineQuery(poiId), enabled: Boolean(token && poiId) });
  const review = useQuery({ ...reviewStatusQuery({ poiId }, token), enabled: Boolean(token && poiId) });
  const highlight = params.get('id');
  const c = community.data;

  return (
    <main className="sq-sqmsg">
      <PageHeader title="社区信息" onBack={() => navigate(WebRoute.home, { replace: true })} />
      {!current.settled || (community.isPending && poiId) ? (
        <div className="sq-sqmsg-loading" role="status" aria-label="加载中">
          <DotLoading color="primary" />
        </div>
      ) : !c ? (
        <EmptyState title="暂无数据~">请先在首页选择社区</EmptyState>
      ) : (
        <>
          <section className="sq-sqmsg-card">
            <h1 className="sq-sqmsg-name">{c.community}</h1>
            <p className="sq-sqmsg-line">
              {c.cityname}
              {c.adname}
              {c.streetName ? ` · ${c.streetName}` : ''}
            </p>
            <p className="sq-sqmsg-line">{c.address}</p>
            <StaticMap lng={c.lng} lat={c.lat} label={c.community} />
          </section>
          {review.data?.canReview && (
            <Link className="sq-sqmsg-review" to={`${WebRoute.communityInfo}?review=1&poiId=${encodeURIComponent(c.poiId)}`}>
              <span>信息审核</span>
              <span className="sq-sqmsg-review-count">
                {review.data.pending > 0 ? `${review.data.pending} 条待审核` : '暂无待审核'}
                <RightOutline />
              </span>
            </Link>
          )}
          <h2 className="sq-sqmsg-subtitle">我提交的信息</h2>
          {!token ? (
            <EmptyState title="暂无数据~">登录后可查看您提交的纠错和补充信息</EmptyState>
          ) : mine.isPending ? (
            <DotLoading color="primary" />
          ) : mine.data?.length ? (
            mine.data.map((s) => <SubmissionView key={s._id} submission={s} highlight={s._id === highlight} />)
          ) : (
            <EmptyState>您还没有提交过纠错或补充信息</EmptyState>
          )}
          <div className="sq-sqmsg-footer">
            <Button block shape="rounded" onClick={() => navigate(WebRoute.home, { replace: true })}>
              返回社区首页
            </Button>
          </div>
        </>
      )}
    </main>
  );
}
