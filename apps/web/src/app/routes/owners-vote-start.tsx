// /ownervotestart?poiId=…: a 业主委员会 member (or staff) starts an owners' vote from the residents' side.
export { OwnersVoteStartPage as Component } from '../../features/polls/pages/owners-vote-start-page';
