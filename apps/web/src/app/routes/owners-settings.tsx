// /ownerssettings?poiId=…: a community's notice period for owners' votes and its 业主委员会.
export { OwnersSettingsPage as Component } from '../../features/manage/pages/owners-settings-page';
