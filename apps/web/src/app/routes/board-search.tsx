// /sticksearch: searching 邻里圈.
export { SearchPage as Component } from '../../features/board/pages/search-page';
