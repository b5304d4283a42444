/**
 * What other features may use of `info` (the community's contacts and their corrections): the
 * contacts list the community home shows, starting a correction, and the review badge's query.
 * Everything else stays inside the feature (lint: eslint.config.js, web import boundaries).
 */
export { reviewStatusQuery } from './api/info-queries';
export { useStartCorrection } from './api/use-start-correction';
export { InfoList } from './components/info-list';
