// /pollnotice?id=…: the printable notice (公告) of a poll's result.
export { PollNoticePage as Component } from '../../features/polls/pages/poll-notice-page';
