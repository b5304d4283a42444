// /ownervotes?poiId=…: a community's owners' votes (业主表决), and starting one.
export { OwnerVotesPage as Component } from '../../features/manage/pages/owner-votes-page';
