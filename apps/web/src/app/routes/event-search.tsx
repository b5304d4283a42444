// /activity/search?keyword=: events by words.
export { EventSearchPage as Component } from '../../features/events/pages/event-search-page';
