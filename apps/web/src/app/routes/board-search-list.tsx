// /searchlist?keyword=&kind=: 邻里圈's search results.
export { SearchListPage as Component } from '../../features/board/pages/search-list-page';
