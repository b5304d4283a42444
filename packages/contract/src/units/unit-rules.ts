import { MOBILE_PATTERN } from '../rules';

/**
 * The unit register's rules (房屋登记), shared by the manager's form, the server and the xlsx
 * import, so a row is judged the same wherever it comes from.
 */

/** 楼栋, 单元 and 房号 as written on a door: short. */
export const UNIT_TEXT_MAX = 20;
/** A home's exclusive area above this is a typing error (the largest villas stay far below). */
export const UNIT_AREA_MAX_CENTI = 2_000_00;
/** Co-owners of one home who may cast its ballot. */
export const UNIT_OWNERS_MAX = 5;
/** Rows of one import: a large estate has a few thousand homes. */
export const UNIT_IMPORT_MAX_ROWS = 10_000;
export const UNIT_PAGE_SIZE = 50;

export const UnitMsg = {
  building: '请输入楼栋',
  buildingLong: `楼栋最多${UNIT_TEXT_MAX}个字`,
  unitLong: `单元最多${UNIT_TEXT_MAX}个字`,
  room: '请输入房号',
  roomLong: `房号最多${UNIT_TEXT_MAX}个字`,
  area: '请输入正确的专有部分面积（平方米，大于0，最多两位小数）',
  mobile: '业主手机号不正确',
  tooManyOwners: `每户最多${UNIT_OWNERS_MAX}个业主手机号`,
  duplicate: '该房屋已登记',
  duplicateInFile: '与文件中前面的行是同一房屋',
  notFound: '房屋不存在',
  personName: `请输入业主姓名或名称（最多${50}个字）`,
  personMobile: '业主手机号不正确（可不填）',
  personDuplicate: '同一户不能重复填写同一位业主',
  areaSource: '请选择面积来源：登记、实测或合同',
  certNo: '不动产权证号最多40个字',
} as const;

/** An owner's name or, for the developer, its company name. */
export const PERSON_NAME_MAX = 50;
export const CERT_NO_MAX = 40;

/** 不动产权证号 as shown: the first 4 and last 4 characters, the rest hidden (personal data). */
export const maskCertNo = (cert: string) => (cert.length <= 8 ? `${cert.slice(0, 2)}****` : `${cert.slice(0, 4)}****${cert.slice(-4)}`);

/** Hundredths of a square metre from what was typed ("89.5", 89.5), or null when it is not an area. */
export function parseAreaCenti(input: unknown): number | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) {
    // A spreadsheet's float such as 89.53999999 is still 89.54 as the manager typed it.
    if (typeof input === 'number' && Number.isFinite(input) && input > 0 && Math.abs(input * 100 - Math.round(input * 100)) < 1e-6) {
      return Math.round(input * 100) <= UNIT_AREA_MAX_CENTI ? Math.round(input * 100) : null;
    }
    return null;
  }
  const centi = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return centi > 0 && centi <= UNIT_AREA_MAX_CENTI ? centi : null;
}

/** Mobiles as a cell or a field holds them: separated by commas, 、, semicolons or spaces. */
export function splitMobiles(input: unknown): string[] {
  if (Array.isArray(input)) return input.map((m) => String(m).trim()).filter(Boolean);
  if (typeof input === 'number') return [String(input)];
  if (typeof input !== 'string') return [];
  return input
    .split(/[\s,，、;；/]+/)
    .map((m) => m.trim())
    .filter(Boolean);
}

export interface UnitInput {
  building: string;
  unit: string;
  room: string;
  areaCenti: number;
  mobiles: string[];
}
export interface UnitProblem {
  column: 'building' | 'unit' | 'room' | 'area' | 'mobiles';
  message: string;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** The register's row from raw fields, or every problem with it (one per column at most). */
export function checkUnit(raw: { building: unknown; unit: unknown; room: unknown; area: unknown; mobiles: unknown }): { unit: UnitInput } | { problems: UnitProblem[] } {
  const problems: UnitProblem[] = [];
  const building = text(raw.building);
  const unit = text(raw.unit);
  const room = text(raw.room);
  if (!building) problems.push({ column: 'building', message: UnitMsg.building });
  else if (building.length > UNIT_TEXT_MAX) problems.push({ column: 'building', message: UnitMsg.buildingLong });
  if (unit.length > UNIT_TEXT_MAX) problems.push({ column: 'unit', message: UnitMsg.unitLong });
  if (!room) problems.push({ column: 'room', message: UnitMsg.room });
  else if (room.length > UNIT_TEXT_MAX) problems.push({ column: 'room', message: UnitMsg.roomLong });
  const areaCenti = parseAreaCenti(raw.area);
  if (areaCenti === null) problems.push({ column: 'area', message: UnitMsg.area });
  const mobiles = [...new Set(splitMobiles(raw.mobiles))];
  if (mobiles.length > UNIT_OWNERS_MAX) problems.push({ column: 'mobiles', message: UnitMsg.tooManyOwners });
  else if (!mobiles.every((m) => MOBILE_PATTERN.test(m))) problems.push({ column: 'mobiles', message: UnitMsg.mobile });
  if (problems.length) return { problems };
  return { unit: { building, unit, room, areaCenti: areaCenti!, mobiles } };
}

/** How a unit is written: 3栋2单元1201 (单元 only when there is one). */
export const unitLabel = (u: { building: string; unit: string; room: string }) =>
  `${u.building}${/^\d+$/.test(u.building) ? '栋' : ''}${u.unit ? `${u.unit}${/^\d+$/.test(u.unit) ? '单元' : ''}` : ''}${u.room}`;

/**
 * The import template's header, in column order (issue 37): one row per owner, the rows of one
 * 楼栋+单元+房号 adjacent and read as one home with its co-owners; the home's columns (area, its
 * source, the certificate) on its first row. Why this layout: docs/decisions/owners-votes.md.
 */
export const UNIT_IMPORT_HEADER = [
  '楼栋',
  '单元',
  '房号',
  '专有部分面积（平方米）',
  '面积来源（登记/实测/合同）',
  '不动产权证号',
  '业主姓名（共有人每人一行，开发建设单位填单位名称）',
  '业主手机号',
  '开发建设单位（是/否）',
] as const;
export const UNIT_IMPORT_COLUMNS = ['building', 'unit', 'room', 'area', 'areaSource', 'certNo', 'name', 'mobile', 'developer'] as const;

/** The template before persons (one row per home, its owners' mobiles in one cell): still imported as it was. */
export const UNIT_IMPORT_HEADER_V1 = ['楼栋', '单元', '房号', '专有部分面积（平方米）', '业主手机号（多个用逗号分隔）'] as const;
export const UNIT_IMPORT_COLUMNS_V1 = ['building', 'unit', 'room', 'area', 'mobiles'] as const;
