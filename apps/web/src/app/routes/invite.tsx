// /invite?poiId=…: 邀请访客 – a resident invites a visitor and sees their visits.
export { InvitePage as Component } from '../../features/pass/pages/invite-page';
