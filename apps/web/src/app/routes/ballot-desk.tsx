// /polldesk?id=…: 纸质票与委托 of an owners' vote (issue 37 item 4), for its community's administrators and managers.
export { BallotDeskPage as Component } from '../../features/polls/pages/ballot-desk-page';
