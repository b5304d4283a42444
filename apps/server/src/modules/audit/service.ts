import type { FastifyReply } from 'fastify';
import { beijingDate } from '@sq/contract/beijing-time';
import { AUDIT_ACTION_LABELS, AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, AuditMsg } from '@sq/contract/manage/audit-log';
import { maskMobile } from '@sq/contract/rules';
import type { PiiCipher } from '../../lib/crypto';
import { forbidden } from '../../lib/errors';
import { attachment } from '../../lib/xlsx/attachment';
import { beijingCell } from '../../lib/xlsx/cells';
import type { Slots } from '../../lib/slots';
import { createXlsxStream } from '../../lib/xlsx/xlsx-stream';
import { inExportSlot } from '../pass/export-service';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import type { AuditLogRepo } from './log-repo';
import type { AuditRepo } from './repo';

export interface AuditQuery {
  poiId: string;
  mobile?: string;
  from?: string;
  to?: string;
}

/** The instant a Beijing date begins. */
const startOf = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`));
const BATCH = 500;

/** 操作日志 for a community's administrators: read on screen, or exported (which is logged too). */
export function createAuditLogService(deps: { repo: AuditLogRepo; audit: AuditRepo; access: AccessService; pii: PiiCipher; slots: Slots }) {
  const { repo, audit, access, pii, slots } = deps;

  async function requireAdministrator(caller: Caller, poiId: string) {
    const scope = await access.requireStaff(caller, poiId);
    if (scope.role.kind !== 'administrator') throw forbidden(AuditMsg.notAllowed);
    return scope;
  }

  const filterOf = (q: AuditQuery) => ({
    poiId: q.poiId,
    mobileHash: q.mobile ? pii.hash(q.mobile) : undefined,
    from: q.from ? startOf(q.from) : undefined,
    until: q.to ? new Date(startOf(q.to).getTime() + 86_400_000) : undefined,
  });

  const view = (r: Awaited<ReturnType<AuditLogRepo['page']>>[number]) => ({
    _id: String(r.id),
    at: Math.floor(r.createdAt.getTime() / 1000),
    // No actor: the server itself (the daily retention run).
    actor: r.actorMobileEnc ? `${r.actorName ?? ''} ${maskMobile(pii.decrypt(r.actorMobileEnc))}`.trim() : '系统',
    action: AUDIT_ACTION_LABELS[r.action] ?? r.action,
    subject: r.subjectName ? `${r.subjectName} ${r.subjectMobile ?? ''}`.trim() : null,
    rows: r.rows,
    whole: typeof r.detail?.whole === 'boolean' ? r.detail.whole : null,
  });

  return {
    async list(caller: Caller, q: AuditQuery & { page: number }) {
      const scope = await requireAdministrator(caller, q.poiId);
      const rows = await repo.page(filterOf({ ...q, poiId: scope.poiId }), AUDIT_PAGE_SIZE + 1, (q.page - 1) * AUDIT_PAGE_SIZE);
      return { entries: rows.slice(0, AUDIT_PAGE_SIZE).map(view), more: rows.length > AUDIT_PAGE_SIZE };
    },

    async export(caller: Caller, q: AuditQuery, reply: FastifyReply) {
      const scope = await requireAdministrator(caller, q.poiId);
      const filter = filterOf({ ...q, poiId: scope.poiId });
      // A place among the exports of personal data, as the staff lists' exports take.
      await inExportSlot(slots, caller.userId, async () => {
        reply.hijack();
        attachment(reply, `操作日志-${beijingDate(new Date()).replaceAll('-', '')}.xlsx`);
        const xlsx = await createXlsxStream(reply.raw, '操作日志', [
          { header: '时间', width: 17, format: 'dateTime' },
          { header: '操作人', width: 20 },
          { header: '操作', width: 22 },
          { header: '涉及人员', width: 20 },
          { header: '条数', width: 8 },
          { header: '完整号码', width: 9 },
        ]);
        for (let offset = 0; offset < AUDIT_EXPORT_MAX; offset += BATCH) {
          const rows = await repo.page(filter, BATCH, offset);
          await xlsx.addRows(
            rows.map((r) => {
              const v = view(r);
              return [beijingCell(r.createdAt), v.actor, v.action, v.subject ?? '', v.rows, v.whole === null ? '' : v.whole ? '是' : '否'];
            }),
          );
          if (rows.length < BATCH) break;
        }
        // Counts and the filter's shape only: the mobile searched for is personal data.
        await audit.record({ actorId: caller.userId, action: 'auditLog.export', poiId: scope.poiId, rows: xlsx.rowCount, detail: { person: Boolean(q.mobile), from: q.from ?? null, to: q.to ?? null } });
        await xlsx.finish();
      });
    },
  };
}
export type AuditLogService = ReturnType<typeof createAuditLogService>;
