/* Retention periods without zod, so the registration page can print them cheaply. */

/**
 * How long personal data is kept (PIPL art. 19: no longer than its purpose needs), per community:
 * - travel data (返京 date and place, transport, train or flight) – its purpose is the 14-day
 *   rule at the gate, so a month after the return date is ample;
 * - a registration sent back or revoked, or whose pass (tenant, visitor) expired – long enough
 *   for the person to register again or to raise a question, then deleted;
 * - entry/exit log lines – six months, the usual period for property access records.
 */
export const RETENTION_DEFAULTS = { travelDays: 30, endedDays: 90, logMonths: 6 } as const;
export const RETENTION_LIMITS = {
  travelDays: { min: 15, max: 365 },
  endedDays: { min: 7, max: 3650 },
  logMonths: { min: 1, max: 60 },
} as const;

export interface Retention {
  travelDays: number;
  endedDays: number;
  logMonths: number;
}

/** The notice sentence with a community's periods, shown where personal data is collected. */
export function retentionNotice(r: Retention): string {
  return `行程信息在返回日期${r.travelDays}天后删除；登记被退回、撤销或通行证到期${r.endedDays}天后删除；出入记录保存${r.logMonths}个月。`;
}
