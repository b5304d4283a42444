import type { CardType } from '../documents/document-types';

/** How people name the number of each document: a passport holder is not asked for a 身份证号. */
const NUMBER_NAME: Record<CardType, string> = {
  id: '身份证号',
  hmt: '居住证号码',
  hkmo: '通行证号码',
  tw: '通行证号码',
  prc: '永居证号码',
  passport: '护照号码',
};

/** The number's name for a registration's 证件类型 ('' or unknown: an ID card, as before types existed). */
export const cardNumberName = (cardType: string) => NUMBER_NAME[cardType as CardType] ?? '证件号码';

/**
 * Reasons staff most often give for sending a registration back (退回), offered to pick from (the
 * page also takes its own words). Each says what the person should fix, in the words of their document.
 */
export function returnReasonsFor(cardType: string): string[] {
  const number = cardNumberName(cardType);
  return [
    `姓名与${number}不一致，请核对后重新填写`,
    `${number}有误，请核对后重新填写`,
    '手机号无法联系，请填写本人常用手机号',
    '地址或楼号房间不正确，请填写完整的楼号、单元和房间号',
    '租赁截止日期有误，请按租赁合同填写',
    '非本小区住户，请联系物业核实',
  ];
}

/** The send-back reasons of an ID-card registration (what every registration was before types). */
export const RETURN_REASONS = returnReasonsFor('id');

/** Why an approved pass is taken back (撤销): facts about the person, not fields to fix. */
export const REVOKE_REASONS = [
  '已搬离本小区',
  '租约已到期，请续租后重新登记',
  '登记信息与实际不符，请联系物业核实',
  '通行证转借他人使用',
] as const;
