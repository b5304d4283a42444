// /zqzmg?poiId=…: 执勤者管理.
export { DutyStaffPage as Component } from '../../features/manage/pages/duty-staff-page';
