// /crrecords?poiId=…: 出入记录 of the gate.
export { EntryLogsPage as Component } from '../../features/manage/pages/entry-logs-page';
