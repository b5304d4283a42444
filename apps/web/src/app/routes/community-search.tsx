export { SearchPage as Component } from '../../features/community/pages/search-page';
