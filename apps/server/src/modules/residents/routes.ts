import { importProgress, importResidents, residentsTemplate as templateEndpoint } from '@sq/contract/residents/import-residents';
import type { RouteKit } from '../../lib/route-kit';
import { sendFile } from '../../lib/xlsx/attachment';
import type { ResidentsService } from './service';
import { residentsTemplate } from './template';

export function residentsRoutes(kit: RouteKit, residents: ResidentsService) {
  kit.authed(importResidents, ({ caller, query, req }) => residents.import(caller, query, Buffer.isBuffer(req.body) ? req.body : undefined));
  kit.authed(importProgress, ({ caller, body }) => residents.progress(caller, body));
  kit.open(templateEndpoint, async ({ reply }) => {
    sendFile(reply, '住户名单导入模板.xlsx', undefined, await residentsTemplate());
    return null as never;
  });
}
