import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/**
 * Anti-passback (防尾随/一证多人): after a pass is logged entering, the same pass may not enter
 * again until an exit is logged – for this many minutes. Not for ever: a resident who walked out
 * with a crowd without scanning must still get home later; within the window a second entry is
 * the classic "one pass, two people" (a screenshot handed back over the gate, the exit code shown
 * at the entry). 0 turns the check off. The community's managers set it.
 */
export const REENTRY_DEFAULT_MINUTES = 30;
export const REENTRY_MAX_MINUTES = 24 * 60;

export const GateSettingsMsg = {
  reentry: `再次进入的间隔需为0到${REENTRY_MAX_MINUTES}之间的整数分钟（0为不限制）`,
  notAllowed: '只有社区经理和管理员可以修改门禁规则',
} as const;

/** The scanner's refusal: the pass is inside already. Says when, and what the guard should do. */
export const alreadyInside = (minutesAgo: number) =>
  `该通行证${minutesAgo < 1 ? '刚刚' : `${minutesAgo}分钟前`}已登记进入，尚未登记离开。请核实是否本人；本人离开时请扫出门码`;

export const ZGateSettings = z.object({
  /** Minutes after an entry during which the same pass cannot enter again without an exit in between; 0: off. */
  reentryMinutes: z.number().int(),
});
export type GateSettings = z.infer<typeof ZGateSettings>;

export const getGateSettings = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/gate/settings',
  summary: '门禁规则（同一通行证再次进入的间隔）',
  query: z.object({ poiId: ZPoiId }),
  data: ZGateSettings.extend({ custom: z.boolean() }),
});
export const getGateSettingsCall = callOf<typeof getGateSettings>('GET', '/v1/manage/gate/settings');

export const saveGateSettings = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/gate/settings',
  summary: '修改门禁规则',
  body: z.object({
    poiId: ZPoiId,
    // A number, or digits as a form sends them; never null or '' read as 0 (z.coerce would).
    reentryMinutes: z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.number({ error: GateSettingsMsg.reentry }).int(GateSettingsMsg.reentry).min(0, GateSettingsMsg.reentry).max(REENTRY_MAX_MINUTES, GateSettingsMsg.reentry),
    ),
  }),
  data: ZGateSettings,
});
export const saveGateSettingsCall = callOf<typeof saveGateSettings>('POST', '/v1/manage/gate/settings');
