// /xxdetail: own registration (type=user) or the staff view after a scan / from the records.
export { RegistrationDetailPage as Component } from '../../features/pass/pages/registration-detail-page';
