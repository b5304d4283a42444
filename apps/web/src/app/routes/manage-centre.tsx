// /mcenter?poiId=…: 管理中心, the way into one community's management screens.
export { ManageCentrePage as Component } from '../../features/manage/pages/manage-centre-page';
