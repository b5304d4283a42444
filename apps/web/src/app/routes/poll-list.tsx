// /chiocelist: the polls I created or voted in.
export { PollListPage as Component } from '../../features/polls/pages/poll-list-page';
