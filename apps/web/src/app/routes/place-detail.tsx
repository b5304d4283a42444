export { PlaceDetailPage as Component } from '../../features/nearby/pages/place-detail-page';
