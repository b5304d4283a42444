// /visitors?poiId=…: 访客邀请 – the community's invitations for its staff: the setting, export, cancel.
export { InvitationsPage as Component } from '../../features/manage/pages/invitations-page';
