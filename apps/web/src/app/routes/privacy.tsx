// /privacy?poiId=…: the privacy policy, open to anyone.
export { PrivacyPage as Component } from '../../features/pass/pages/privacy-page';
