import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

export const MSG_SUBMISSION_NOT_FOUND = '该提交不存在';
export const MSG_ALREADY_REVIEWED = '该提交已处理';
export const MSG_REVIEW_STATUS = '请选择采纳或不采纳';

/** Accept (1: the entry is created or changed) or reject (-1: nothing changes) one submission. */
export const reviewSubmission = defineEndpoint({
  method: 'POST',
  path: '/v1/communityInfo/review',
  summary: '审核纠错/补充信息（1 采纳，-1 不采纳）',
  body: z.object({
    id: z.string({ error: MSG_SUBMISSION_NOT_FOUND }).trim().min(1, MSG_SUBMISSION_NOT_FOUND).max(64, MSG_SUBMISSION_NOT_FOUND),
    status: z.union([z.literal(1), z.literal(-1)], { error: MSG_REVIEW_STATUS }),
  }),
  data: z.object({ _id: z.string(), status: z.number().int(), infoId: z.string().nullable() }),
});
export const reviewSubmissionCall = callOf<typeof reviewSubmission>('POST', '/v1/communityInfo/review');
