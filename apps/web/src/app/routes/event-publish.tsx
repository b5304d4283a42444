// /activitypush: publish (staff) or propose (residents) an event; ?id= edit, ?copy= repeat.
export { PublishPage as Component } from '../../features/events/pages/publish-page';
