import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/** Objections (异议) to an owners' vote (issue 37 item 3): owners send, staff answer. */
export const OBJECTION_MAX = 500;
export const ANSWER_MAX = 500;
/** Owners may object from the announcement until this many days after the result (the deadline, or the cancellation). */
export const OBJECTION_DAYS_AFTER_RESULT = 15;
/** One owner's objections to one vote: enough to follow up, not a flood. */
export const OBJECTIONS_PER_OWNER = 5;

export const ObjectionMsg = {
  text: `请填写异议内容（最多${OBJECTION_MAX}个字）`,
  answer: `请填写答复（最多${ANSWER_MAX}个字）`,
  notOwner: '只有本表决名册中的业主可以提出异议',
  closed: `异议期已过：异议须在表决结果公布后${OBJECTION_DAYS_AFTER_RESULT}日内提出`,
  tooMany: `每位业主对同一表决最多提出${OBJECTIONS_PER_OWNER}条异议`,
  notFound: '未找到该异议，请刷新后重试',
  answered: '该异议已答复',
  answerNotAllowed: '只有社区管理员或管理人员可以答复异议',
} as const;

export const sendObjection = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/objections',
  summary: '业主对表决提出异议',
  body: z.object({ text: z.string({ error: ObjectionMsg.text }).trim().min(2, ObjectionMsg.text).max(OBJECTION_MAX, ObjectionMsg.text) }),
  data: z.object({ _id: z.string() }),
});
export const sendObjectionCall = callOf<typeof sendObjection>('POST', '/v1/polls/:id/objections');

/** Staff see every objection of the vote; an owner sees their own. */
export const listObjections = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/:id/objections',
  summary: '表决的异议及答复',
  data: z.object({
    objections: z.array(
      z.object({
        _id: z.string(),
        homes: z.string(),
        text: z.string(),
        at: z.number().int(),
        mine: z.boolean(),
        answer: z.string().nullable(),
        answeredAt: z.number().int().nullable(),
      }),
    ),
  }),
});
export const listObjectionsCall = callOf<typeof listObjections>('GET', '/v1/polls/:id/objections');

export const answerObjection = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/objections/answer',
  summary: '答复业主的异议（社区管理员、管理人员）',
  body: z.object({
    _id: z.string({ error: ObjectionMsg.notFound }).trim().min(1, ObjectionMsg.notFound).max(64, ObjectionMsg.notFound),
    answer: z.string({ error: ObjectionMsg.answer }).trim().min(2, ObjectionMsg.answer).max(ANSWER_MAX, ObjectionMsg.answer),
  }),
  data: z.object({ answered: z.boolean() }),
});
export const answerObjectionCall = callOf<typeof answerObjection>('POST', '/v1/polls/:id/objections/answer');
