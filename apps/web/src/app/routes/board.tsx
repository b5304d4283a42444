// /stick: 邻里圈, the community's board; within the pass page's first-load budget (no zod).
export { BoardPage as Component } from '../../features/board/pages/board-page';
