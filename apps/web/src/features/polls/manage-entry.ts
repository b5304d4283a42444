/**
 * What the management screens may use of `polls`: the owners' vote form (with its Beijing-time
 * deadline picker) and the deadline's display, for the owners' votes a manager starts
 * (features/manage). Everything else stays inside the feature.
 */
export { OwnersVoteForm } from './components/owners-vote-form';
export { formatEndTime } from './lib/picker-time';
