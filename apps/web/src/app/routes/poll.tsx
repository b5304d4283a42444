// /chiocevote?id&tid&iframeId: poll detail, vote and results (spec §2, §4).
export { PollPage as Component } from '../../features/polls/pages/poll-page';
