import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppstoreOutline, CalendarOutline, CheckShieldOutline, ClockCircleOutline, EditSOutline, FileOutline, HistogramOutline, MessageOutline, RightOutline, ScanningOutline, ShopbagOutline, SystemQRcodeOutline, TeamOutline, TravelOutline, UnorderedListOutline, UserAddOutline, UserContactOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { communityQuery } from '../../../lib/community-queries';
import { useStaff } from '../api/staff';
import { LoadFailure, MissingCommunity } from '../components/load-failure';
import { ManageHeader } from '../components/manage-header';
import { canAddStaff, IsAdmin, roleLabel } from '../lib/roles';
import '../components/manage-ui.css';
import './manage-centre-page.css';

interface Entry {
  path: string;
  title: string;
  hint: string;
  icon: ReactNode;
  tone: string;
}

const ENTRIES: Entry[] = [
  { path: WebRoute.records, title: '登记记录', hint: '审核出入登记', icon: <FileOutline />, tone: 'green' },
  { path: WebRoute.entryLogs, title: '出入记录', hint: '扫码进出明细', icon: <ClockCircleOutline />, tone: 'blue' },
  { path: WebRoute.dutyStaff, title: '执勤者管理', hint: '添加或删除人员', icon: <TeamOutline />, tone: 'orange' },
  { path: WebRoute.communityGate, title: '小区信息', hint: '进出门二维码', icon: <SystemQRcodeOutline />, tone: 'purple' },
];

/** 管理中心 (spec §2 /mcenter): the four management screens of one community. */
export function ManageCentrePage() {
  useDocumentTitle('管理中心');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const staff = useStaff(poiId);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const at = `?poiId=${encodeURIComponent(poiId)}`;

  let body: ReactNode;
  if (!poiId) body = <MissingCommunity />;
  else if (staff.error) body = <LoadFailure error={staff.error} onRetry={() => void staff.refetch()} />;
  else {
    body = (
      <>
        <nav className="mg-card mc-grid" aria-label="管理功能">
          {ENTRIES.map((entry) => (
            <Link key={entry.path} className="mc-entry" to={entry.path + at}>
              <span className={`mc-icon mc-icon-${entry.tone}`} aria-hidden="true">
                {entry.icon}
              </span>
              <span className="mc-entry-title">{entry.title}</span>
              <span className="mc-entry-hint">
                {entry.path === WebRoute.dutyStaff && staff.data && !canAddStaff(staff.data.isAdmin) ? '查看本小区执勤人员' : entry.hint}
              </span>
            </Link>
          ))}
        </nav>
        <nav className="mg-card mc-links" aria-label="更多">
          <Link className="mc-link" to={`${WebRoute.gateScanner}${at}`}>
            <ScanningOutline className="mc-link-icon" aria-hidden="true" />
            <span>连续扫码核验</span>
            <span className="mc-link-hint">高峰时段，对准即核验</span>
            <RightOutline className="mc-link-arrow" aria-hidden="true" />
          </Link>
          <Link className="mc-link" to={`${WebRoute.vehicles}${at}`}>
            <TravelOutline className="mc-link-icon" aria-hidden="true" />
            <span>车辆进出</span>
            <span className="mc-link-hint">查车牌，记录驶入驶出</span>
            <RightOutline className="mc-link-arrow" aria-hidden="true" />
          </Link>
          <Link className="mc-link" to={`${WebRoute.invitations}${at}`}>
            <UserContactOutline className="mc-link-icon" aria-hidden="true" />
            <span>访客邀请</span>
            <span className="mc-link-hint">住户邀请的访客、到访记录</span>
            <RightOutline className="mc-link-arrow" aria-hidden="true" />
          </Link>
          <Link className="mc-link" to={`${WebRoute.register}${at}&glmsk=1`}>
            <EditSOutline className="mc-link-icon" aria-hidden="true" />
            <span>代为登记</span>
            <span className="mc-link-hint">替不便使用手机的居民填写</span>
            <RightOutline className="mc-link-arrow" aria-hidden="true" />
          </Link>
          <Link className="mc-link" to={`${WebRoute.eventManage}${at}`}>
            <CalendarOutline className="mc-link-icon" aria-hidden="true" />
            <span>活动管理</span>
            <span className="mc-link-hint">发布活动、报名名单、审核</span>
            <RightOutline className="mc-link-arrow" aria-hidden="true" />
          </Link>
          <Link className="mc-link" to={`${WebRoute.spaceManage}${at}`}>
            <AppstoreOutline className="mc-link-icon" aria-hidden="true" />
            <span>场地与相册</span>
            <span className="mc-link-hint">当天预约、审核、场地、照片申请</span>
            <RightOutline className="mc-link-arrow" aria-hidden="true" />
          </Link>
          {(staff.data?.isAdmin === IsAdmin.administrator || staff.data?.isAdmin === IsAdmin.manager) && (
            <Link className="mc-link" to={`${WebRoute.dashboard}${at}`}>
              <HistogramOutline className="mc-link-icon" aria-hidden="true" />
              <span>统计概览</span>
              <span className="mc-link-hint">今日出入、待审核</span>
              <RightOutline className="mc-link-arrow" aria-hidden="true" />
            </Link>
          )}
          {(staff.data?.isAdmin === IsAdmin.administrator || staff.data?.isAdmin === IsAdmin.manager) && (
            <>
              <Link className="mc-link" to={`${WebRoute.boardManage}${at}`}>
                <MessageOutline className="mc-link-icon" aria-hidden="true" />
                <span>邻里圈管理</span>
                <span className="mc-link-hint">审核、置顶、禁言、关键词</span>
                <RightOutline className="mc-link-arrow" aria-hidden="true" />
              </Link>
              <Link className="mc-link" to={`${WebRoute.groupBuyManage}${at}`}>
                <ShopbagOutline className="mc-link-icon" aria-hidden="true" />
                <span>团购管理</span>
                <span className="mc-link-hint">团长审核、本社区团购</span>
                <RightOutline className="mc-link-arrow" aria-hidden="true" />
              </Link>
              <Link className="mc-link" to={`${WebRoute.ownerVotes}${at}`}>
                <CheckShieldOutline className="mc-link-icon" aria-hidden="true" />
                <span>业主表决</span>
                <span className="mc-link-hint">按户、按面积计票</span>
                <RightOutline className="mc-link-arrow" aria-hidden="true" />
              </Link>
              <Link className="mc-link" to={`${WebRoute.units}${at}`}>
                <AppstoreOutline className="mc-link-icon" aria-hidden="true" />
                <span>房屋登记</span>
                <span className="mc-link-hint">面积、业主手机号</span>
                <RightOutline className="mc-link-arrow" aria-hidden="true" />
              </Link>
              <Link className="mc-link" to={`${WebRoute.residentsImport}${at}`}>
                <UserAddOutline className="mc-link-icon" aria-hidden="true" />
                <span>导入住户</span>
                <span className="mc-link-hint">从表格批量登记</span>
                <RightOutline className="mc-link-arrow" aria-hidden="true" />
              </Link>
            </>
          )}
          {staff.data?.isAdmin === IsAdmin.administrator && (
            <Link className="mc-link" to={`${WebRoute.auditLog}${at}`}>
              <FileOutline className="mc-link-icon" aria-hidden="true" />
              <span>操作日志</span>
              <span className="mc-link-hint">谁查看、导出了谁的信息</span>
              <RightOutline className="mc-link-arrow" aria-hidden="true" />
            </Link>
          )}
          {staff.data?.isAdmin === IsAdmin.administrator && (
            <Link className="mc-link" to={`${WebRoute.retention}${at}`}>
              <ClockCircleOutline className="mc-link-icon" aria-hidden="true" />
              <span>信息保存期限</span>
              <span className="mc-link-hint">到期自动删除</span>
              <RightOutline className="mc-link-arrow" aria-hidden="true" />
            </Link>
          )}
          {staff.data?.isAdmin === IsAdmin.administrator && (
            <Link className="mc-link" to={WebRoute.managedCommunities}>
              <UnorderedListOutline className="mc-link-icon" aria-hidden="true" />
              <span>我管理的小区</span>
              <span className="mc-link-hint">切换到其他小区</span>
              <RightOutline className="mc-link-arrow" aria-hidden="true" />
            </Link>
          )}
        </nav>
      </>
    );
  }

  return (
    <main className="mg-screen">
      <ManageHeader title="管理中心" overlap>
        <div className="mc-summary">
          <p className="mc-community">{community.data?.community ?? (poiId ? '\u00a0' : '')}</p>
          {staff.data && <span className="mc-role">我的身份：{roleLabel(staff.data.isAdmin)}</span>}
        </div>
      </ManageHeader>
      {body}
    </main>
  );
}
