import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Tabs from 'antd-mobile/es/components/tabs';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { beijingDate } from '@sq/contract/beijing-time';
import { hoursText } from '@sq/contract/spaces/space-rules';
import type { Space } from '@sq/contract/spaces/spaces';
import { EmptyState } from '../../../components/empty-state';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RemovalQueue } from '../../albums';
import { centreOf, IsAdmin, LoadFailure, ManageHeader, MissingCommunity, useStaff } from '../../manage';
import { useManagedSpaces } from '../api/spaces';
import { DayBookings } from '../components/day-bookings';
import { SpaceForm } from '../components/space-form';
import { hoursLines } from '../lib';
import '../../../components/life-card.css';
import '../spaces.css';

const TABS = [
  { key: 'day', title: '当天预约' },
  { key: 'pending', title: '待审核' },
  { key: 'spaces', title: '场地' },
  { key: 'photos', title: '照片申请' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/**
 * 场地与相册管理 (/areamanage?poiId=&tab=): the day's bookings with who, the bookings waiting for
 * approval, the spaces (managers and administrators create and edit them) and the albums' photo
 * removal requests (managers and administrators). The spaces list is the page's gate.
 */
export function SpacesManagePage() {
  useDocumentTitle('场地与相册管理');
  const [params, setParams] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const tab = (TABS.find((t) => t.key === params.get('tab'))?.key ?? 'day') as Tab;
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const spaces = useManagedSpaces(poiId);
  const staff = useStaff(poiId);
  const [editing, setEditing] = useState<Space | null | undefined>(undefined);
  const moderator = staff.data?.isAdmin === IsAdmin.administrator || staff.data?.isAdmin === IsAdmin.manager;
  const today = beijingDate(new Date());

  let body;
  if (!poiId) body = <MissingCommunity />;
  else if (spaces.error && !spaces.data) body = <LoadFailure error={spaces.error} onRetry={() => void spaces.refetch()} />;
  else if (!spaces.data) body = <p className="mg-loading" role="status">正在加载…</p>;
  else
    body = (
      <>
        <Tabs activeKey={tab} onChange={(key) => setParams((p) => (p.set('tab', key), p), { replace: true })} aria-label="管理功能">
          {TABS.filter((t) => t.key !== 'photos' || moderator).map((t) => (
            <Tabs.Tab key={t.key} title={t.key === 'pending' && spaces.data.pending ? `${t.title} ${spaces.data.pending}` : t.title} />
          ))}
        </Tabs>
        {tab === 'day' && <DayBookings key="day" poiId={poiId} today={today} pending={false} />}
        {tab === 'pending' && <DayBookings key="pending" poiId={poiId} today={today} pending />}
        {tab === 'photos' && <RemovalQueue poiId={poiId} />}
        {tab === 'spaces' && (
          <>
            {moderator && (
              <div className="sp-card">
                <Button block size="large" color="primary" onClick={() => setEditing(null)}>新建场地</Button>
              </div>
            )}
            {spaces.data.spaces.length === 0 ? (
              <EmptyState title="还没有场地">新建活动室、球场、会议室等，居民即可在“场地预约”中预约</EmptyState>
            ) : (
              <ul className="sp-list" aria-label="场地">
                {spaces.data.spaces.map((s) => (
                  <li key={s.id} className="sp-card sp-space">
                    <span className="sp-space-name">{s.name}{s.active ? '' : '（已停用）'}</span>
                    <span className="sp-muted">{hoursLines(s.hours).join('；')}</span>
                    <span className="sp-tags">
                      <span className="sp-tag">每段{hoursText(s.slotMinutes)}</span>
                      {s.weeklyMinutes !== null && <span className="sp-tag">每人每周{hoursText(s.weeklyMinutes)}</span>}
                      {s.needsApproval && <span className="sp-tag sp-tag-warn">需审核</span>}
                    </span>
                    {moderator && (
                      <Button size="middle" style={{ marginTop: 8 }} onClick={() => setEditing(s)}>修改</Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </>
    );

  return (
    <main className="mg-screen sp-page">
      <ManageHeader title="场地与相册管理" subtitle={community.data?.community} fallback={centreOf(poiId)} />
      {body}
      <SpaceForm poiId={poiId} space={editing} onClose={() => setEditing(undefined)} />
    </main>
  );
}
