// /redbag/share?id=: who opened the caller's packet, and sharing it on.
export { RedbagSharePage as Component } from '../../features/redbags/pages/redbag-share-page';
