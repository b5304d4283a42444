// /activitymanage: 活动管理 for staff; ?id= one event's sign-ups, attendance and export.
export { ManagePage as Component } from '../../features/events/pages/manage-page';
