import { AREA_SOURCE_SHORT, AREA_SOURCES, type AreaSource } from '../polls/owners-count';
import { UNIT_OWNERS_MAX } from './unit-rules';

/**
 * What the register's import (one row per owner, issue 37) says about a row beyond the checks a
 * single home's form makes: how its cells are read and the messages of a home spread over rows.
 */
export const RegisterRowMsg = {
  areaSource: '面积来源请填“登记”“实测”或“合同”（未知可留空）',
  developer: '开发建设单位一列请填“是”或“否”（不是可留空）',
  name: '请填写业主姓名（开发建设单位填单位名称，最多50个字）',
  noOwnerRow: '同一房屋有多行时，每一行填写一位业主',
  tooManyOwners: `每户最多${UNIT_OWNERS_MAX}位业主（共有人），本户超过了`,
  notAdjacent: '同一房屋的各位业主请填在相邻的行',
  developerMixed: '开发建设单位持有的房屋不能同时登记其他业主',
  developerFlag: '同一业主在前面的行标记的“开发建设单位”不同',
  sameHome: (what: string, row: number) => `同一房屋的${what}应与第${row}行相同，或留空`,
  homeHasErrors: (rows: number[]) => `同一房屋的第${rows.join('、')}行有错误，本户整户不导入`,
} as const;

/** 面积来源 as written in a cell: 登记/实测/合同, or art. 8's full words; null when blank; undefined when unknown. */
export function parseAreaSource(cell: unknown): AreaSource | null | undefined {
  const text = cell === null || cell === undefined ? '' : String(cell).trim();
  if (!text) return null;
  for (const key of [1, 2, 3] as const) if (text === AREA_SOURCE_SHORT[key] || text === AREA_SOURCES[key] || text === `${AREA_SOURCE_SHORT[key]}面积`) return key;
  return undefined;
}

/** 开发建设单位 as written: 是 (or Y, √, TRUE), 否 or blank; undefined when neither. */
export function parseDeveloperCell(cell: unknown): boolean | undefined {
  const text = cell === null || cell === undefined ? '' : String(cell).trim().toUpperCase();
  if (['是', 'Y', 'YES', '√', 'TRUE'].includes(text)) return true;
  if (['', '否', 'N', 'NO', '×', 'FALSE'].includes(text)) return false;
  return undefined;
}
