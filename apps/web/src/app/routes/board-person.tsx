// /stick/wwear/{openId}: one person's posts in 邻里圈 (/stick/wwear alone: one's own).
export { PersonPage as Component } from '../../features/board/pages/person-page';
