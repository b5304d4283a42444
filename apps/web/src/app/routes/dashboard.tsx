// /dashboard?poiId=…: 统计概览 of one community, or of all an administrator's without poiId.
export { DashboardPage as Component } from '../../features/manage/pages/dashboard-page';
