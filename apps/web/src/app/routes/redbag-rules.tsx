// /redbag/playinfo: the rules of red packets.
export { RedbagRulesPage as Component } from '../../features/redbags/pages/redbag-rules-page';
