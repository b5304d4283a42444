// /lvip: 会员等级, my level, points and how to earn them.
export { LevelsPage as Component } from '../../features/levels/pages/levels-page';
