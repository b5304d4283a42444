// /vehicles?poiId=…: 车辆进出 – the duty staff look a plate up and record cars entering and leaving.
export { VehiclesPage as Component } from '../../features/manage/pages/vehicles-page';
