import { listAuditLog } from '@sq/contract/manage/audit-log';
import type { RouteKit } from '../../lib/route-kit';
import type { AuditLogService } from './service';

export function auditRoutes(kit: RouteKit, log: AuditLogService) {
  kit.authed(listAuditLog, async ({ caller, body, query, reply }) => {
    if (query.export === '1') {
      await log.export(caller, body, reply);
      return null as never;
    }
    return log.list(caller, body);
  });
}
