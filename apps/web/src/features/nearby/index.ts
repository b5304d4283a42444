/**
 * What other features may use of `nearby`: AMap's walking directions link (a shop's page).
 * Everything else stays inside the feature (lint: eslint.config.js, web import boundaries).
 */
export { navigationUrl } from './components/place-actions';
