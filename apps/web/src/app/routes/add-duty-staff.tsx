// /addnew?poiId=…&isAdmin=…: 添加执勤者 (administrators may add a manager).
export { AddDutyStaffPage as Component } from '../../features/manage/pages/add-duty-staff-page';
