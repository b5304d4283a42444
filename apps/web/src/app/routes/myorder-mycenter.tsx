// /myorder/mycenter: 团长中心 – apply, the applications' states, the leader's entries.
export { LeaderCentrePage as Component } from '../../features/groupbuys/pages/leader-centre-page';
