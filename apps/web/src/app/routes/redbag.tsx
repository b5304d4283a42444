// /redbag: 红包, the campaigns of my community and my packets; ?id= opens a shared packet.
export { RedbagPage as Component } from '../../features/redbags/pages/redbag-page';
