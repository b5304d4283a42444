export { NeighboursPage as Component } from '../../features/neighbours/pages/neighbours-page';
