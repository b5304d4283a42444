/* Mainland vehicle plates (GA 36-2018), without zod: the resident's page checks them cheaply. */

/** Province (and municipality) characters that begin a mainland plate. */
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Letters on plates: I and O are never used (they read as 1 and 0). */
const L = 'A-HJ-NP-Z';
/**
 * 7 characters: province, issuing-office letter, five letters or digits (the last may be 挂 trailer,
 * 学 driving school, 警 police, 港/澳 cross-border); 8 characters (new energy): a small car has an
 * energy letter (D, A, B, C, E pure electric; F, G, H, J, K other) then a letter or digit and four
 * digits, a large one five digits then D or F.
 */
const PLATE = new RegExp(`^[${PROVINCES}][${L}](?:[${L}0-9]{4}[${L}0-9挂学警港澳]|[ABCDEFGHJK][${L}0-9]\\d{4}|\\d{5}[DF])$`);

/** A registration keeps a few plates: a household's cars, not a fleet. */
export const PLATES_PER_REGISTRATION = 3;

export const PlateMsg = {
  missing: '请输入车牌号',
  invalid: '车牌号格式不正确（如 京A12345，新能源车如 京AD12345）',
  taken: '该车牌已登记',
  tooMany: `每份登记最多登记${PLATES_PER_REGISTRATION}个车牌`,
  noRegistration: '请先完成出入登记，再登记车辆',
  unknown: '没有找到该车牌',
} as const;

/** As people type it: spaces, dots and dashes dropped, letters upper-cased ("京a·123 45" → 京A12345). */
export function normalisePlate(input: unknown): string {
  return typeof input === 'string' ? input.replace(/[\s\u3000·.\-•]/g, '').toUpperCase() : '';
}

export function isValidPlate(plate: string): boolean {
  return PLATE.test(plate);
}

/** 京A***45: province, office and the last two; enough for staff to recognise, not to copy. */
export function maskPlate(plate: string): string {
  return plate.length >= 7 ? `${plate.slice(0, 2)}${'*'.repeat(plate.length - 4)}${plate.slice(-2)}` : '***';
}
