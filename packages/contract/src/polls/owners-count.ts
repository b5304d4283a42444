/**
 * Counting owners as the law counts them (法释〔2009〕7号, as amended 2020, art. 9): each exclusive
 * part (专有部分) counts as one owner – so co-owners of one home are one owner – except that a
 * buyer of several homes is one owner, and all the developer's (建设单位) homes not yet sold, or
 * sold but not yet delivered, are together one owner.
 *
 * The register records each home's owners as persons. A home's owner (the subject that holds it)
 * is its set of persons: 张三 alone (holding 101 and 102) is one owner; 张三 with 李四 holding
 * 103 together is another owner. Homes are grouped by that set, the developer's homes by the
 * developer alone. Homes registered before persons existed (only mobiles) are grouped by the set
 * of mobiles as before; a home with neither is an owner of its own.
 */

export interface RegisterHome {
  unitId: string;
  /** The home's owners as persons (ids from the register); empty when not recorded. */
  personIds: readonly string[];
  /** The home is held by the developer (unsold, or sold but not delivered). */
  developer: boolean;
  /** Keyed hashes of the owners' mobiles (who may cast the ballot). */
  mobileHashes: readonly string[];
}

/** What groups a home with the other homes of the same owner. */
export function ownerKeyOf(home: RegisterHome): string {
  if (home.developer) return 'developer';
  if (home.personIds.length) return `persons:${[...new Set(home.personIds)].sort().join(',')}`;
  if (home.mobileHashes.length) return `mobiles:${[...new Set(home.mobileHashes)].sort().join(',')}`;
  return `unit:${home.unitId}`;
}

/** The number of owners of these homes under art. 9. */
export const countOwners = (homes: readonly RegisterHome[]) => new Set(homes.map(ownerKeyOf)).size;

/** Where a home's area figure comes from, in the order art. 8 of the interpretation names. */
export const AREA_SOURCES = { 1: '不动产登记簿记载面积', 2: '实测面积', 3: '房屋买卖合同记载面积' } as const;
export const AREA_SOURCE_SHORT = { 1: '登记', 2: '实测', 3: '合同' } as const;
export type AreaSource = keyof typeof AREA_SOURCES;

/** The sentence a notice and a workbook print so anyone can recount the owners. */
export const OWNERS_COUNT_RULE =
  '业主人数按《最高人民法院关于审理建筑物区分所有权纠纷案件适用法律若干问题的解释》第九条计算：每一专有部分按一人计算（共有一户的按一人），同一买受人拥有一个以上专有部分的按一人计算，建设单位尚未出售和虽已出售但尚未交付的部分合计按一人计算。';
export const AREA_RULE =
  '专有部分面积按不动产登记簿记载的面积计算；尚未登记的，暂按测绘机构的实测面积计算；尚未实测的，暂按房屋买卖合同记载的面积计算（同一解释第八条）。';
