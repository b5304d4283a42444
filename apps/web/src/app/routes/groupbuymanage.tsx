// /groupbuymanage?poiId= (staff): 团长 applications and the community's group buys.
export { ManagePage as Component } from '../../features/groupbuys/pages/manage-page';
