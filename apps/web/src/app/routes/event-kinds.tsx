// /activity/kinds: the kinds of events, each with its upcoming count.
export { EventKindsPage as Component } from '../../features/events/pages/event-kinds-page';
