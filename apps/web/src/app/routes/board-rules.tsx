// /rules: the community's 邻里圈 rules.
export { RulesPage as Component } from '../../features/board/pages/rules-page';
