import { ImportMsg, UNIT_IMPORT_MAX_BYTES } from '@sq/contract/units/import-units';
import { maskMobile, MOBILE_PATTERN } from '@sq/contract/rules';
import { countOwners } from '@sq/contract/polls/owners-count';
import {
  checkUnit,
  UNIT_IMPORT_COLUMNS_V1,
  UNIT_IMPORT_HEADER,
  UNIT_IMPORT_HEADER_V1,
  UNIT_IMPORT_MAX_ROWS,
  UNIT_PAGE_SIZE,
  UnitMsg,
  maskCertNo,
  unitLabel,
  type UnitInput,
} from '@sq/contract/units/unit-rules';
import { squareMetres } from '@sq/contract/polls/owners-rules';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { readImportSheetOf, type SheetRow } from '../../lib/xlsx/import-sheet';
import type { CellValue } from '../../lib/xlsx/read-sheet';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { checkRegisterRows } from './register-rows';
import { readRegister, type PersonRecord, type UnitRecord, type UnitsRepo } from './repo';
import type { Db } from '../../db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MSG_UNITS_NOT_ALLOWED = '只有社区管理员或管理人员可以管理房屋登记';

const addressKey = (u: Pick<UnitInput, 'building' | 'unit' | 'room'>) => `${u.building}\u0000${u.unit}\u0000${u.room}`;

type PersonInput = { _id?: string; name: string; mobile?: string; developer: boolean };

export function createUnitsService(deps: { db: Db; repo: UnitsRepo; access: AccessService; audit: AuditRepo; pii: PiiCipher }) {
  const { db, repo, access, audit, pii } = deps;

  /**
   * The persons of a save, checked: a mobile when given must be one; the same person twice is
   * refused. A person is known in the community by name and mobile (docs/decisions/owners-votes.md).
   */
  function personRecords(persons: PersonInput[]): PersonRecord[] {
    const seen = new Set<string>();
    return persons.map((p) => {
      const mobile = p.mobile?.trim() || null;
      if (mobile && !MOBILE_PATTERN.test(mobile)) throw badRequest(UnitMsg.personMobile);
      const person = personRecord(p.name, mobile, p.developer);
      if (seen.has(person.personKey)) throw badRequest(UnitMsg.personDuplicate);
      seen.add(person.personKey);
      return person;
    });
  }

  /** A person as stored: name and mobile encrypted, known by a keyed hash of both (the form and the import alike). */
  const personRecord = (name: string, mobile: string | null, developer: boolean): PersonRecord => ({
    personKey: pii.hash(`person\u0000${name}\u0000${mobile ?? ''}`),
    nameEnc: pii.encrypt(name),
    mobileHash: mobile ? pii.hash(mobile) : null,
    mobileEnc: mobile ? pii.encrypt(mobile) : null,
    developer,
  });

  /** The file before persons: one row per home, its owners' mobiles in one cell; read exactly as it was before issue 37. */
  function checkMobileRows(sheet: SheetRow[]) {
    const problems: { row: number; column: string; message: string }[] = [];
    const good: UnitRecord[] = [];
    const seen = new Map<string, number>();
    for (const { row, cells } of sheet) {
      const raw = Object.fromEntries(UNIT_IMPORT_COLUMNS_V1.map((col, k) => [col, cells[k] ?? null])) as Record<(typeof UNIT_IMPORT_COLUMNS_V1)[number], CellValue>;
      const checked = checkUnit(raw);
      if ('problems' in checked) {
        for (const p of checked.problems) problems.push({ row, column: UNIT_IMPORT_HEADER_V1[UNIT_IMPORT_COLUMNS_V1.indexOf(p.column)]!, message: p.message });
        continue;
      }
      const first = seen.get(addressKey(checked.unit));
      if (first) {
        problems.push({ row, column: UNIT_IMPORT_HEADER_V1[2], message: `${UnitMsg.duplicateInFile}（第${first}行）` });
        continue;
      }
      seen.set(addressKey(checked.unit), row);
      good.push(record(checked.unit));
    }
    return { good, goodRows: good.length, problems };
  }

  /** The template's file: one row per owner, a home's rows together (./register-rows). */
  function checkPersonRows(sheet: SheetRow[]) {
    const { homes, goodRows, problems } = checkRegisterRows(sheet);
    const good = homes.map(
      (h): UnitRecord => ({
        ...record(h.unit),
        persons: h.persons.map((p) => personRecord(p.name, p.mobile, p.developer)),
        areaSource: h.areaSource,
        certEnc: h.certNo ? pii.encrypt(h.certNo) : null,
      }),
    );
    return { good, goodRows, problems };
  }

  /** The register holds owners' mobiles and decides votes: administrators and managers only. */
  async function requireManager(caller: Caller, poiId: string) {
    const scope = await access.requireStaff(caller, poiId);
    if (scope.role.kind === 'duty') throw forbidden(MSG_UNITS_NOT_ALLOWED);
    return scope;
  }

  const record = (u: UnitInput): UnitRecord => ({
    building: u.building,
    unitNo: u.unit,
    room: u.room,
    areaCenti: u.areaCenti,
    owners: u.mobiles.map((m) => ({ mobileHash: pii.hash(m), mobileEnc: pii.encrypt(m) })),
  });

  return {
    async list(caller: Caller, body: { poiId: string; keyword?: string; page: number }) {
      const scope = await requireManager(caller, body.poiId);
      const [{ rows, total }, register, all] = await Promise.all([
        repo.page(scope.poiId, body.keyword || undefined, UNIT_PAGE_SIZE, (body.page - 1) * UNIT_PAGE_SIZE),
        repo.registerTotals(scope.poiId),
        readRegister(db, scope.poiId),
      ]);
      return {
        units: rows.map((r) => ({
          _id: r.id,
          building: r.building,
          unit: r.unitNo,
          room: r.room,
          label: unitLabel({ building: r.building, unit: r.unitNo, room: r.room }),
          area: squareMetres(r.areaCenti),
          owners: r.owners.map((o) => maskMobile(pii.decrypt(o.mobileEnc))),
          persons: r.persons.map((p) => ({ _id: p.id, name: pii.decrypt(p.nameEnc), mobile: p.mobileEnc ? maskMobile(pii.decrypt(p.mobileEnc)) : '', developer: p.developer })),
          areaSource: r.areaSource ?? null,
          certNo: r.certEnc ? maskCertNo(pii.decrypt(r.certEnc)) : null,
        })),
        total,
        register: { units: register.units, area: squareMetres(register.areaCenti), withOwners: register.withOwners, owners: countOwners(all.homes.map((h) => h.home)) },
      };
    },

    async save(
      caller: Caller,
      body: { poiId: string; _id?: string; building: string; unit: string; room: string; area: string | number; mobiles?: string | string[]; persons?: PersonInput[]; areaSource?: 0 | 1 | 2 | 3; certNo?: string },
    ) {
      const scope = await requireManager(caller, body.poiId);
      // A person picked from the list with no mobile typed keeps the mobile the register holds
      // (the list shows it masked, so the form cannot send it back).
      const knownIds = (body.persons ?? []).map((p) => p._id?.toLowerCase()).filter((id): id is string => Boolean(id && UUID.test(id)));
      const known = new Map((await repo.personsById(scope.poiId, knownIds)).map((p) => [p.id, p]));
      const filled = body.persons?.map((p) => {
        const was = p._id ? known.get(p._id.toLowerCase()) : undefined;
        return was && !p.mobile?.trim() && was.mobileEnc ? { ...p, mobile: pii.decrypt(was.mobileEnc) } : p;
      });
      const persons = filled ? personRecords(filled) : undefined;
      // Persons given: their mobiles are the home's voting mobiles, `mobiles` is not read.
      const personMobiles = filled?.map((p) => p.mobile?.trim()).filter((m): m is string => Boolean(m));
      const checked = checkUnit({ ...body, mobiles: personMobiles ?? body.mobiles ?? [] });
      if ('problems' in checked) throw badRequest(checked.problems[0]!.message);
      const rec: UnitRecord = {
        ...record(checked.unit),
        persons,
        areaSource: body.areaSource === undefined ? undefined : body.areaSource || null,
        certEnc: body.certNo === undefined ? undefined : body.certNo ? pii.encrypt(body.certNo) : null,
      };
      const keepOwners = body.mobiles === undefined && body.persons === undefined;
      let id: string;
      if (body._id) {
        if (!UUID.test(body._id) || !(await repo.find(scope.poiId, body._id.toLowerCase()))) throw notFound(UnitMsg.notFound);
        if (!(await repo.update(scope.poiId, body._id.toLowerCase(), rec, keepOwners))) throw conflict(UnitMsg.duplicate);
        id = body._id.toLowerCase();
      } else {
        const created = await repo.insertNew(scope.poiId, rec);
        if (!created) throw conflict(UnitMsg.duplicate);
        id = created;
      }
      // What changed, never the owners' names, mobiles or certificate (personal data).
      await audit.record({
        actorId: caller.userId,
        action: 'units.save',
        poiId: scope.poiId,
        subjectId: id,
        rows: 1,
        detail: { label: unitLabel(checked.unit), area: squareMetres(checked.unit.areaCenti), created: !body._id, owners: keepOwners ? 'kept' : (rec.persons?.length ?? rec.owners.length), areaSource: body.areaSource || null },
      });
      return { _id: id };
    },

    async remove(caller: Caller, body: { poiId: string; _id: string }) {
      const scope = await requireManager(caller, body.poiId);
      if (!UUID.test(body._id) || !(await repo.remove(scope.poiId, body._id.toLowerCase()))) throw notFound(UnitMsg.notFound);
      await audit.record({ actorId: caller.userId, action: 'units.delete', poiId: scope.poiId, subjectId: body._id.toLowerCase(), rows: 1, detail: {} });
      return { _id: body._id.toLowerCase() };
    },

    /**
     * Checks every row of the file and, when asked, writes: all rows, or only the good ones when
     * the manager chose so, in one transaction. Every bad row is listed with its column and why.
     * The layout is told by the header: the template's (persons) or the one before it (mobiles).
     */
    async import(caller: Caller, query: { poiId: string; commit: '0' | '1'; skipBad: '0' | '1' }, file: Buffer | undefined) {
      const scope = await requireManager(caller, query.poiId);
      const { layout, rows: sheet } = await readImportSheetOf(
        file,
        { maxBytes: UNIT_IMPORT_MAX_BYTES, maxRows: UNIT_IMPORT_MAX_ROWS, headers: { persons: UNIT_IMPORT_HEADER, mobiles: UNIT_IMPORT_HEADER_V1 } },
        ImportMsg,
      );
      const { good, goodRows, problems } = layout === 'persons' ? checkPersonRows(sheet) : checkMobileRows(sheet);
      const rows = sheet.length;
      const answer = { rows, good: goodRows, homes: good.length, problems, created: 0, updated: 0, written: false };
      if (query.commit !== '1') return answer;
      if (problems.length && query.skipBad !== '1') throw badRequest(ImportMsg.badRowsLeft);
      if (!good.length) return answer;
      const { created, updated } = await repo.upsert(scope.poiId, good);
      // Counts only: the file's names, mobiles and certificate numbers are personal data.
      await audit.record({
        actorId: caller.userId,
        action: 'units.import',
        poiId: scope.poiId,
        rows: goodRows,
        detail: { created, updated, skipped: rows - goodRows, layout, ...(layout === 'persons' && { holdings: good.reduce((n, h) => n + (h.persons?.length ?? 0), 0) }) },
      });
      return { ...answer, created, updated, written: true };
    },
  };
}
export type UnitsService = ReturnType<typeof createUnitsService>;
