// /activity/mine: 我的活动, the person's sign-ups.
export { MyEventsPage as Component } from '../../features/events/pages/my-events-page';
