// /areamanage?poiId=…: 场地与相册管理 – bookings, approvals, spaces, photo removal requests (staff).
export { SpacesManagePage as Component } from '../../features/spaces/pages/spaces-manage-page';
