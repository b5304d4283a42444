// /records?poiId=…[&tab&keyword]: 登记记录 with review tabs, search and export.
export { RecordsPage as Component } from '../../features/manage/pages/records-page';
