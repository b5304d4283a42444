// /area: 场地预约 – the community's bookable spaces; ?id= one space's days, slots and booking.
export { SpacesPage as Component } from '../../features/spaces/pages/spaces-page';
