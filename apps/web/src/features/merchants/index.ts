/**
 * What other features may use of `merchants`: the banner that leads a 社区服务 category to its
 * merchants. Everything else stays inside the feature (lint: eslint.config.js, web import boundaries).
 */
export { MerchantsBanner } from './components/merchants-banner';
