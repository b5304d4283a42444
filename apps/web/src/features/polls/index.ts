/**
 * What the community home may use of `polls`: the banner for an owners' vote waiting for the
 * person (issue 37 item 7). Kept apart from `manage-entry.ts` because the home is a first-load
 * screen: the deadline picker there pulls antd-mobile's pickers (21 KB gzipped) it never shows.
 */
export { OwnersVoteBanner, useWaitingOwnersVotes } from './components/owners-vote-banner';
