// /retention?poiId=…: how long the community keeps personal data (its administrators set it).
export { RetentionPage as Component } from '../../features/manage/pages/retention-page';
