import { Link, useSearchParams } from 'react-router';
import { hoursText } from '@sq/contract/spaces/space-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-error';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ManageHeader } from '../../manage';
import { useSpaces } from '../api/spaces';
import { MyBookings } from '../components/my-bookings';
import { SpaceDay } from '../components/space-day';
import { hoursLines } from '../lib';
import '../../../components/life-card.css';
import '../spaces.css';

/**
 * /area (场地预约): the community's bookable spaces and the person's bookings; ?id= one space's
 * rules, days and slots (components/space-day.tsx). Residents and staff book; anyone else reads
 * the server's reason.
 */
export function SpacesPage() {
  useDocumentTitle('场地预约');
  const [params] = useSearchParams();
  const id = params.get('id');
  const { poiId, settled } = useCurrentCommunityId();
  const list = useSpaces(id ? null : poiId);

  let body;
  if (id) body = <SpaceDay id={id} />;
  else if (settled && !poiId) body = <EmptyState title="请先选择社区">在首页选择您所在的社区后即可预约场地</EmptyState>;
  else if (list.error && !list.data)
    body = (
      <section className="sp-card" role="alert">
        <p className="sp-refusal">{list.error instanceof ApiError ? list.error.message : '网络不可用，请稍后重试'}</p>
      </section>
    );
  else if (!list.data) body = <p className="sp-muted sp-pad" role="status">正在加载…</p>;
  else if (list.data.spaces.length === 0) body = <EmptyState title="暂无可预约的场地">物业或居委会开放场地后会显示在这里</EmptyState>;
  else
    body = (
      <ul className="sp-list" aria-label="场地">
        {list.data.spaces.map((s) => (
          <li key={s.id}>
            <Link className="sp-card sp-space" to={`${WebRoute.spaces}?id=${s.id}${poiId ? `&poiId=${encodeURIComponent(poiId)}` : ''}`}>
              <span className="sp-space-name">{s.name}</span>
              {s.description && <span className="sp-text sp-clamp">{s.description}</span>}
              <span className="sp-muted">{hoursLines(s.hours)[0]}</span>
              <span className="sp-tags">
                <span className="sp-tag">每段{hoursText(s.slotMinutes)}</span>
                {s.needsApproval && <span className="sp-tag sp-tag-warn">需审核</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <main className="mg-screen sp-page">
      <ManageHeader title={id ? '预约场地' : '场地预约'} fallback={id ? WebRoute.spaces : WebRoute.home} />
      {body}
      {poiId && (id || list.data) && <MyBookings poiId={poiId} spaceId={id ?? undefined} />}
    </main>
  );
}
