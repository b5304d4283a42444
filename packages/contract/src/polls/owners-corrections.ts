import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { OWNERS_REASON_MAX } from './owners-procedure';

export const CorrectionMsg = {
  reason: `请填写更正理由（2至${OWNERS_REASON_MAX}个字，将记入表决记录）`,
  home: '请选择要更正的房屋',
  notInRoll: '该房屋不在本表决名册中：名册在公告时确定，不能增加房屋',
  deleted: '该房屋已从房屋登记中删除：名册中的房屋不能删除，如登记有误请另行表决',
  voted: '该房屋已投票，不能更正（更正会改变已计入的票）',
  notStarted: '表决尚未开始：开始前的房屋登记变更会在开始时自动计入名册，无需更正',
  over: '表决已截止或已取消，不能再更正名册',
  same: '房屋登记与名册一致，没有需要更正的内容：请先在房屋登记中修改该户',
  notAllowed: '只有社区管理员或管理人员可以更正表决名册',
} as const;

/**
 * 更正名册 (issue 37 item 3): after voting opened, one home of the roll is brought in line with the
 * register as it now stands (who may vote for it, its owner grouping, its area and area source),
 * with a reason; audited and listed in the vote's record.
 */
export const correctRoll = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/corrections',
  summary: '更正表决名册中的一户（以现行房屋登记为准，须说明理由）',
  body: z.object({
    label: z.string({ error: CorrectionMsg.home }).trim().min(1, CorrectionMsg.home).max(200, CorrectionMsg.home),
    reason: z.string({ error: CorrectionMsg.reason }).trim().min(2, CorrectionMsg.reason).max(OWNERS_REASON_MAX, CorrectionMsg.reason),
  }),
  data: z.object({ area: z.string(), voters: z.number().int() }),
});
export const correctRollCall = callOf<typeof correctRoll>('POST', '/v1/polls/:id/corrections');
