export { HomePage as Component } from '../../features/home/pages/home-page';
