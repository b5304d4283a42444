import type { FastifyInstance } from 'fastify';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { deleteUnit } from '@sq/contract/units/delete-unit';
import { importUnits, UNIT_IMPORT_MAX_BYTES, unitsTemplate as templateEndpoint } from '@sq/contract/units/import-units';
import { listUnits } from '@sq/contract/units/list-units';
import { saveUnit } from '@sq/contract/units/save-unit';
import type { RouteKit } from '../../lib/route-kit';
import { attachment } from '../../lib/xlsx/attachment';
import type { UnitsService } from './service';
import { unitsTemplate } from './template';

export function unitsRoutes(kit: RouteKit, scope: FastifyInstance, units: UnitsService) {
  // The import's body is the file itself; only these two types are read as bytes (every other
  // body stays at the JSON limit). Twice the import's limit is read, so a file just over it hears
  // the import's own message (service) rather than the generic "too large".
  scope.addContentTypeParser([XLSX_TYPE, 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: 2 * UNIT_IMPORT_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  kit.authed(listUnits, ({ caller, body }) => units.list(caller, body));
  kit.authed(saveUnit, ({ caller, body }) => units.save(caller, body));
  kit.authed(deleteUnit, ({ caller, body }) => units.remove(caller, body));
  kit.authed(importUnits, ({ caller, query, req }) => units.import(caller, query, Buffer.isBuffer(req.body) ? req.body : undefined));

  kit.open(templateEndpoint, async ({ reply }) => {
    const file = await unitsTemplate();
    reply.hijack();
    attachment(reply, '房屋登记导入模板.xlsx');
    reply.raw.end(file);
    return null as never;
  });
}
