// /vote: the polls' home – the community's polls and owners' votes, mine, starting one.
export { VoteHomePage as Component } from '../../features/polls/pages/vote-home-page';
