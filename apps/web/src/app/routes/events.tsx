// /activity: 社区活动, the community's event home; within the pass page's first-load budget (no zod, no antd-mobile).
export { EventsHomePage as Component } from '../../features/events/pages/events-home-page';
