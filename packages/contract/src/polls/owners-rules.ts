/**
 * Owners' decisions (业主共同决定, Civil Code art. 278): who takes part, and when a matter passes.
 *
 * Art. 278 ¶2: a decision needs owners holding at least two thirds of the exclusive floor area and
 * at least two thirds of all owners to take part (the participation quorum). Items 6–8 (raising
 * 筹集 the maintenance fund, altering or rebuilding the buildings, changing the use of common parts
 * or using them for business) pass with at least three quarters of the participating area and of
 * the participating owners agreeing; any other matter – using 使用 the maintenance fund (item 5)
 * included – with more than half of both. Owners who did not vote are
 * never counted as agreeing; an abstention takes part but does not agree.
 *
 * Everything is integer arithmetic on hundredths of a square metre, so "exactly two thirds" is
 * exactly two thirds.
 */

/** 0 an ordinary matter, 1 one of art. 278 items 6–8. */
export const OwnersMatter = { ordinary: 0, special: 1 } as const;
export type OwnersMatter = (typeof OwnersMatter)[keyof typeof OwnersMatter];

export const MATTER_LABELS: Record<OwnersMatter, string> = {
  0: '一般事项（参与表决的面积、人数均过半数同意）',
  1: '特别事项（筹集维修资金、改建重建建筑物及其附属设施、改变共有部分用途或利用共有部分从事经营活动，参与表决的面积、人数均四分之三以上同意）',
};

/**
 * The nine items of Civil Code art. 278 ¶1 in the law's own words. The manager picks one; the
 * threshold follows from it (items 6–8 three quarters, the others more than half).
 */
export const ART278_ITEMS = {
  1: '制定和修改业主大会议事规则',
  2: '制定和修改管理规约',
  3: '选举业主委员会或者更换业主委员会成员',
  4: '选聘和解聘物业服务企业或者其他管理人',
  5: '使用建筑物及其附属设施的维修资金',
  6: '筹集建筑物及其附属设施的维修资金',
  7: '改建、重建建筑物及其附属设施',
  8: '改变共有部分的用途或者利用共有部分从事经营活动',
  9: '有关共有和共同管理权利的其他重大事项',
} as const;
export type Art278Item = keyof typeof ART278_ITEMS;
export const ART278_ITEM_NUMBERS = Object.keys(ART278_ITEMS).map(Number) as Art278Item[];
/** The matter (threshold) an item of art. 278 carries: items 6–8 special, the rest ordinary. */
export const matterOfItem = (item: Art278Item): OwnersMatter => (item >= 6 && item <= 8 ? OwnersMatter.special : OwnersMatter.ordinary);
const CHINESE_NUMBERS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** 民法典第二百七十八条第一款第（五）项：使用建筑物及其附属设施的维修资金 */
export const itemCitation = (item: Art278Item) => `民法典第二百七十八条第一款第（${CHINESE_NUMBERS[item]}）项：${ART278_ITEMS[item]}`;
export const MSG_OWNERS_ITEM = '请选择表决事项（民法典第二百七十八条所列事项）';

/** The ballot of an owners' vote: the matter is the title, the choices are always these. */
export const OWNERS_OPTIONS = ['同意', '反对', '弃权'] as const;
/** Index in OWNERS_OPTIONS of the choice that counts as agreeing. */
export const OWNERS_AGREE_INDEX = 0;

export interface OwnersCounts {
  totalArea: number;
  totalOwners: number;
  votedArea: number;
  votedOwners: number;
  agreeArea: number;
  agreeOwners: number;
}

export interface Threshold {
  key: 'votedArea' | 'votedOwners' | 'agreeArea' | 'agreeOwners';
  label: string;
  /** What the rule asks, e.g. ≥ 2/3 of the total area. */
  rule: string;
  /** The counted value and what it is measured against, in the counts' units. */
  value: number;
  of: number;
  met: boolean;
}

export interface OwnersOutcome {
  thresholds: Threshold[];
  participationMet: boolean;
  agreementMet: boolean;
  passed: boolean;
}

/** a/b ≥ n/d without division. */
const atLeast = (a: number, b: number, n: number, d: number) => b > 0 && a * d >= b * n;
/** a/b > 1/2 without division. */
const moreThanHalf = (a: number, b: number) => b > 0 && a * 2 > b;

export function ownersOutcome(c: OwnersCounts, matter: OwnersMatter): OwnersOutcome {
  const special = matter === OwnersMatter.special;
  const agrees = (a: number, b: number) => (special ? atLeast(a, b, 3, 4) : moreThanHalf(a, b));
  const agreeRule = special ? '≥ 3/4 参与表决' : '> 1/2 参与表决';
  const thresholds: Threshold[] = [
    { key: 'votedArea', label: '参与表决的专有部分面积', rule: '≥ 2/3 总面积', value: c.votedArea, of: c.totalArea, met: atLeast(c.votedArea, c.totalArea, 2, 3) },
    { key: 'votedOwners', label: '参与表决的业主人数', rule: '≥ 2/3 总人数', value: c.votedOwners, of: c.totalOwners, met: atLeast(c.votedOwners, c.totalOwners, 2, 3) },
    { key: 'agreeArea', label: '同意的专有部分面积', rule: `${agreeRule}面积`, value: c.agreeArea, of: c.votedArea, met: agrees(c.agreeArea, c.votedArea) },
    { key: 'agreeOwners', label: '同意的业主人数', rule: `${agreeRule}人数`, value: c.agreeOwners, of: c.votedOwners, met: agrees(c.agreeOwners, c.votedOwners) },
  ];
  const participationMet = thresholds[0]!.met && thresholds[1]!.met;
  const agreementMet = thresholds[2]!.met && thresholds[3]!.met;
  return { thresholds, participationMet, agreementMet, passed: participationMet && agreementMet };
}

/**
 * A secret vote publishes its area sums rounded to whole tens of m² (half up), so that a sum
 * cannot be matched to one home's area in the register (docs/decisions/owners-votes.md,
 * "Rounded sums"); the thresholds are still decided on the exact sums.
 */
export const SECRET_AREA_STEP_CENTI = 10_00;
export const publishedAreaCenti = (centi: number) => Math.floor((centi + SECRET_AREA_STEP_CENTI / 2) / SECRET_AREA_STEP_CENTI) * SECRET_AREA_STEP_CENTI;

/** m² with two decimals from hundredths (the register's unit). */
export const squareMetres = (centi: number) => (centi / 100).toFixed(2);

export const MSG_OWNERS_NEED_COMMUNITY = '请选择发起表决的小区';
export const MSG_OWNERS_NOT_ALLOWED = '只有社区管理员、管理人员或业主委员会成员可以发起业主表决';
export const MSG_OWNERS_EMPTY_REGISTER = '该小区还没有房屋登记，请先导入或添加房屋';
export const MSG_OWNERS_MATTER = '请选择表决事项类型';
export const MSG_NOT_AN_OWNER = '本表决仅限登记在册的业主参与，请联系物业核对房屋登记';
export const MSG_OWNERS_ONLY_VIEW = '本表决仅限本小区业主和管理人员查看';
export const MSG_UNITS_ALREADY_VOTED = '你名下的房屋已投票';
export const MSG_SECRET_NO_LIST = '无记名投票不公开每户的选择';
export const MSG_NOT_OWNERS_VOTE = '这不是业主表决';

/** The notice period when a community has set none (物业管理条例: 15 days' notice of an owners' meeting). */
export const OWNERS_NOTICE_DAYS_DEFAULT = 15;
export const MSG_START_INVALID = '开始时间格式不正确';
export const msgStartTooSoon = (days: number) => `表决开始时间须在公告之日起满${days}天之后（本小区公告期为${days}天）`;
export const MSG_END_BEFORE_START = '截止时间需晚于开始时间';
export const MSG_NOT_STARTED = '表决尚未开始，请在开始时间之后投票';
