// /gllist: 小区列表 of a community administrator.
export { ManagedCommunitiesPage as Component } from '../../features/manage/pages/managed-communities-page';
