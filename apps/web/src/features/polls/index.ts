/**
 * What other features may use of `polls`: the Beijing-time deadline picker and its display, for
 * the owners' votes a manager starts (features/manage). Everything else stays inside the feature.
 */
export { DeadlineField } from './components/deadline-field';
export { formatEndTime } from './lib/picker-time';
/** The community home's banner for an owners' vote waiting for the person (issue 37 item 7). */
export { OwnersVoteBanner, useWaitingOwnersVotes } from './components/owners-vote-banner';
