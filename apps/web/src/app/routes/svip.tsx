// /svip: the top member level and what it gives.
export { TopLevelPage as Component } from '../../features/levels/pages/top-level-page';
