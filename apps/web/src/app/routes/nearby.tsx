export { NearbyPage as Component } from '../../features/nearby/pages/nearby-page';
