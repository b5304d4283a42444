// /redbagmanage?shop=: a shop owner's red-packet campaigns.
export { RedbagManagePage as Component } from '../../features/redbags/pages/redbag-manage-page';
