export { StreetInfoPage as Component } from '../../features/info/pages/street-info-page';
