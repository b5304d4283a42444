// /activitydetail?id=: one event, its sign-up and the person's check-in QR.
export { EventDetailPage as Component } from '../../features/events/pages/event-detail-page';
