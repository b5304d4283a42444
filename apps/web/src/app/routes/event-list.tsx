// /activitylist?when=&kind=: the community's events by date and kind.
export { EventListPage as Component } from '../../features/events/pages/event-list-page';
