// /groupbuypush?leader= or ?shop=: publish a group buy.
export { PublishPage as Component } from '../../features/groupbuys/pages/publish-page';
