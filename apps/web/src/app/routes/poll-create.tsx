// /svote?title=创建单选投票|创建多选投票 (spec §2, §4, §5).
export { CreatePollPage as Component } from '../../features/polls/pages/create-poll-page';
