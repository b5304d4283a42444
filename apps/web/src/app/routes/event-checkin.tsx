// /activitycheckin?id=…&door=…: a signed-up resident scanned the event's door QR – checked in.
export { DoorCheckinPage as Component } from '../../features/events-checkin/pages/door-checkin-page';
