export { MapPickerPage as Component } from '../../features/map/pages/map-picker-page';
