/**
 * What the management screens may use of `polls`: the Beijing-time deadline picker and its display,
 * for the owners' votes a manager starts (features/manage). Everything else stays inside the feature.
 */
export { DeadlineField } from './components/deadline-field';
export { formatEndTime } from './lib/picker-time';
