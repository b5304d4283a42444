// /auditlog?poiId=…: 操作日志, who saw or exported whose data, for the community's administrators.
export { AuditLogPage as Component } from '../../features/manage/pages/audit-log-page';
