import type { ImportProblem } from '@sq/contract/manage/sheet-import';
import type { AreaSource } from '@sq/contract/polls/owners-count';
import { MOBILE_PATTERN } from '@sq/contract/rules';
import { parseAreaSource, parseDeveloperCell, RegisterRowMsg } from '@sq/contract/units/register-rows';
import { CERT_NO_MAX, checkUnit, parseAreaCenti, PERSON_NAME_MAX, UNIT_IMPORT_COLUMNS, UNIT_IMPORT_HEADER, UNIT_OWNERS_MAX, UnitMsg, type UnitInput } from '@sq/contract/units/unit-rules';
import type { SheetRow } from '../../lib/xlsx/import-sheet';

/** A home of the register file with its owners as persons, ready to be encrypted and written. */
export interface ImportedHome {
  /** `mobiles` are the persons' mobiles: who may cast the home's ballot. */
  unit: UnitInput;
  areaSource: AreaSource | null;
  certNo: string | null;
  persons: { name: string; mobile: string | null; developer: boolean }[];
}

type Column = (typeof UNIT_IMPORT_COLUMNS)[number];
const at = (cells: SheetRow['cells'], col: Column) => cells[UNIT_IMPORT_COLUMNS.indexOf(col)] ?? null;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
const headerOf = (col: Column) => UNIT_IMPORT_HEADER[UNIT_IMPORT_COLUMNS.indexOf(col)]!;
const addressOf = (cells: SheetRow['cells']) => `${text(at(cells, 'building'))}\u0000${text(at(cells, 'unit'))}\u0000${text(at(cells, 'room'))}`;

/**
 * Reads the register's file in the template's layout: one row per owner, the adjacent rows of one
 * 楼栋+单元+房号 one home, the home's area, area source and certificate on its first row (later rows
 * leave them blank or repeat them). A home with any bad row is left out whole – written without a
 * co-owner it would be a home with the wrong owners – and its other rows say so.
 */
export function checkRegisterRows(sheet: SheetRow[]): { homes: ImportedHome[]; goodRows: number; problems: ImportProblem[] } {
  // Adjacent rows of one address; a repeat further down is an error (most likely a home typed twice).
  const groups: SheetRow[][] = [];
  const seen = new Map<string, number>();
  const problems: ImportProblem[] = [];
  const repeats = new Map<string, number[]>();
  for (const r of sheet) {
    const key = addressOf(r.cells);
    const last = groups.at(-1);
    if (last && addressOf(last[0]!.cells) === key) last.push(r);
    else if (seen.has(key)) {
      problems.push({ row: r.row, column: headerOf('room'), message: `${RegisterRowMsg.notAdjacent}（与第${seen.get(key)}行是同一房屋）` });
      repeats.set(key, [...(repeats.get(key) ?? []), r.row]);
    } else {
      seen.set(key, r.row);
      groups.push([r]);
    }
  }

  // A person (name and mobile) is one person across homes, so the developer flag must agree.
  const personFlag = new Map<string, { developer: boolean; row: number }>();
  const homes: ImportedHome[] = [];
  let goodRows = 0;
  for (const rows of groups) {
    const found: ImportProblem[] = [];
    const add = (row: number, col: Column, message: string) => found.push({ row, column: headerOf(col), message });
    const first = rows[0]!;
    const checked = checkUnit({ building: at(first.cells, 'building'), unit: at(first.cells, 'unit'), room: at(first.cells, 'room'), area: at(first.cells, 'area'), mobiles: '' });
    if ('problems' in checked) for (const p of checked.problems) add(first.row, p.column as Column, p.message);
    const areaSource = parseAreaSource(at(first.cells, 'areaSource'));
    if (areaSource === undefined) add(first.row, 'areaSource', RegisterRowMsg.areaSource);
    const certNo = text(at(first.cells, 'certNo'));
    if (certNo.length > CERT_NO_MAX) add(first.row, 'certNo', UnitMsg.certNo);

    const persons: ImportedHome['persons'] = [];
    const inHome = new Set<string>();
    for (const [k, { row, cells }] of rows.entries()) {
      if (k > 0) {
        // The home's columns: blank on a co-owner's row, or the first row's value again.
        const area = at(cells, 'area');
        if (text(area) && parseAreaCenti(area) !== parseAreaCenti(at(first.cells, 'area'))) add(row, 'area', RegisterRowMsg.sameHome('面积', first.row));
        const source = parseAreaSource(at(cells, 'areaSource'));
        if (source === undefined) add(row, 'areaSource', RegisterRowMsg.areaSource);
        else if (source !== null && source !== areaSource) add(row, 'areaSource', RegisterRowMsg.sameHome('面积来源', first.row));
        const cert = text(at(cells, 'certNo'));
        if (cert && cert !== certNo) add(row, 'certNo', RegisterRowMsg.sameHome('不动产权证号', first.row));
      }
      const name = text(at(cells, 'name'));
      const mobile = text(at(cells, 'mobile'));
      const developer = parseDeveloperCell(at(cells, 'developer'));
      if (developer === undefined) add(row, 'developer', RegisterRowMsg.developer);
      if (mobile && !MOBILE_PATTERN.test(mobile)) add(row, 'mobile', UnitMsg.personMobile);
      if (!name) {
        // A lone row with no owner is a home whose owners are not known yet.
        if (mobile || developer) add(row, 'name', RegisterRowMsg.name);
        else if (rows.length > 1) add(row, 'name', RegisterRowMsg.noOwnerRow);
        continue;
      }
      if (name.length > PERSON_NAME_MAX) add(row, 'name', RegisterRowMsg.name);
      if (k === UNIT_OWNERS_MAX) add(row, 'name', RegisterRowMsg.tooManyOwners);
      const key = `${name}\u0000${mobile}`;
      if (inHome.has(key)) add(row, 'name', UnitMsg.personDuplicate);
      inHome.add(key);
      if (developer !== undefined) {
        const before = personFlag.get(key);
        if (before && before.developer !== developer) add(row, 'developer', `${RegisterRowMsg.developerFlag}（第${before.row}行）`);
        else if (!before) personFlag.set(key, { developer, row });
        if (persons.length && persons[0]!.developer !== developer) add(row, 'developer', `${RegisterRowMsg.developerMixed}（第${rows[0]!.row}行）`);
        persons.push({ name, mobile: mobile || null, developer });
      }
    }

    const badRows = [...new Set(found.map((p) => p.row))];
    const culprits = [...badRows, ...(repeats.get(addressOf(first.cells)) ?? [])];
    if (culprits.length) {
      problems.push(...found);
      // Rows fine by themselves but left out with their home: listed, so the counts add up.
      for (const r of rows) if (!badRows.includes(r.row)) problems.push({ row: r.row, column: headerOf('room'), message: RegisterRowMsg.homeHasErrors(culprits) });
      continue;
    }
    const unit = (checked as { unit: UnitInput }).unit;
    goodRows += rows.length;
    homes.push({ unit: { ...unit, mobiles: [...new Set(persons.map((p) => p.mobile).filter((m): m is string => m !== null))] }, areaSource: areaSource ?? null, certNo: certNo || null, persons });
  }
  const order = (p: ImportProblem) => (UNIT_IMPORT_HEADER as readonly string[]).indexOf(p.column);
  problems.sort((a, b) => a.row - b.row || order(a) - order(b));
  return { homes, goodRows, problems };
}
