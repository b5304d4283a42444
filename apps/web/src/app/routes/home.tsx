export { HomePage as Component } from '../../features/community/pages/home-page';
