import type { ReactNode } from 'react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { UserAddOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { StaffLevel } from '@sq/contract/manage/list-staff';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { communityQuery } from '../../../lib/community-queries';
import { EmptyState } from '../../../components/empty-state';
import { useDeleteStaff, useStaff } from '../api/staff';
import { LoadFailure, MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import { PrivacyNotice } from '../components/privacy-notice';
import { RotateKeyCard } from '../components/rotate-key-card';
import { canAddStaff, canChooseLevel, levelLabel, roleLabel } from '../lib/roles';
import '../components/manage-ui.css';
import './duty-staff-page.css';

/** 执勤者管理 (spec §2 /zqzmg): who works the gate here; managers add and remove duty staff. */
export function DutyStaffPage() {
  useDocumentTitle('执勤者管理');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const staff = useStaff(poiId);
  const remove = useDeleteStaff(poiId);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const isAdmin = staff.data?.isAdmin;

  const confirmDelete = async (openId: string, name: string, level: number) => {
    const ok = await Dialog.confirm({
      title: `删除${levelLabel(level)}`,
      content: `确定删除“${name}”吗？删除后对方将不能再审核登记、查看出入记录。`,
      confirmText: <span className="ds-danger">删除</span>,
      cancelText: '取消',
    });
    if (!ok) return;
    remove.mutate(openId, { onSuccess: () => Toast.show({ icon: 'success', content: '已删除' }) });
  };

  let body: ReactNode;
  if (!poiId) body = <MissingCommunity />;
  else if (staff.error) body = <LoadFailure error={staff.error} onRetry={() => void staff.refetch()} />;
  else if (!staff.data) body = <p className="mg-loading" role="status">正在加载…</p>;
  else if (staff.data.managers.length === 0) {
    body = (
      <div className="mg-card">
        <EmptyState title="暂无数据~">{canAddStaff(staff.data.isAdmin) && '点击下方按钮添加执勤者'}</EmptyState>
      </div>
    );
  } else {
    body = (
      <ul className="mg-list" aria-label="执勤者列表">
        {staff.data.managers.map((person) => (
          <li key={person.openId} className="mg-row ds-row">
            <span className={`ds-avatar${person.level === StaffLevel.manager ? ' ds-avatar-manager' : ''}`} aria-hidden="true">
              {person.username.slice(0, 1)}
            </span>
            <div className="ds-main">
              <div className="mg-row-head">
                <span className="mg-row-name">{person.username}</span>
                <span className={`mg-tag ${person.level === StaffLevel.manager ? 'mg-tag-orange' : 'mg-tag-green'}`}>
                  {levelLabel(person.level)}
                </span>
              </div>
              <div className="mg-row-meta">
                <span className="mg-num">{person.mobile}</span>
              </div>
            </div>
            {person.deletable && (
              <button
                type="button"
                className="ds-delete"
                disabled={remove.isPending}
                onClick={() => void confirmDelete(person.openId, person.username, person.level)}
              >
                删除
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  const mayAdd = isAdmin !== undefined && canAddStaff(isAdmin);
  return (
    <main className={`mg-screen${mayAdd ? ' ds-screen-with-bar' : ''}`}>
      <ManageHeader title="执勤者管理" subtitle={community.data?.community} fallback={centreOf(poiId)} />
      {poiId && !staff.error && <PrivacyNotice />}
      {staff.data && (
        <p className="ds-role">
          我的身份：{roleLabel(staff.data.isAdmin)}
          {!mayAdd && '（仅可查看，增删人员请联系社区经理）'}
        </p>
      )}
      {body}
      {mayAdd && <RotateKeyCard poiId={poiId} />}
      {mayAdd && (
        <div className="ds-bar">
          <Link className="ds-add" to={`${WebRoute.addDutyStaff}?poiId=${encodeURIComponent(poiId)}&isAdmin=${isAdmin}`}>
            <UserAddOutline aria-hidden="true" />
            {canChooseLevel(isAdmin) ? '添加执勤者或社区经理' : '添加执勤者'}
          </Link>
        </div>
      )}
    </main>
  );
}
