import { deleteUnit } from '@sq/contract/units/delete-unit';
import { importUnits, unitsTemplate as templateEndpoint } from '@sq/contract/units/import-units';
import { listUnits } from '@sq/contract/units/list-units';
import { saveUnit } from '@sq/contract/units/save-unit';
import type { RouteKit } from '../../lib/route-kit';
import { attachment } from '../../lib/xlsx/attachment';
import type { UnitsService } from './service';
import { unitsTemplate } from './template';

export function unitsRoutes(kit: RouteKit, units: UnitsService) {
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
