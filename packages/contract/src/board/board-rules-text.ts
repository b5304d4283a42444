import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';
import { BoardMsg, RULES_MAX_CHARS } from './board-rules';

/** /rules: the community's board rules (the default text until its managers change it). */
export const getBoardRules = defineEndpoint({
  method: 'GET',
  path: '/v1/board/rules',
  summary: '邻里圈规则',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({
    text: z.string(),
    /** Whether the community changed the default text. */
    custom: z.boolean(),
    /** Unix seconds of the last change (null: the default). */
    updatedAt: z.number().int().nullable(),
    /** Whether the caller accepted them (asked once, before their first post). */
    accepted: z.boolean(),
    /** Whether the caller may post here (a resident or staff), and may edit the rules (a manager). */
    canPost: z.boolean(),
    canEdit: z.boolean(),
    /**
     * Whether the caller is the community's staff, who alone may post 通知 (STAFF_ONLY_KINDS); the
     * posting page offers that kind only to them. Optional: added after the first servers.
     */
    staff: z.boolean().optional(),
  }),
});

export const acceptBoardRules = defineEndpoint({
  method: 'POST',
  path: '/v1/board/rules/accept',
  summary: '同意邻里圈规则',
  body: z.object({ poiId: ZPoiId }),
  data: z.object({ accepted: z.literal(true) }),
});

/** Managers replace the text; an empty one returns to the default. */
export const saveBoardRules = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/board/rules',
  summary: '修改邻里圈规则',
  body: z.object({ poiId: ZPoiId, text: z.string({ error: BoardMsg.rulesText }).trim().max(RULES_MAX_CHARS, BoardMsg.rulesTooLong) }),
  data: z.object({ custom: z.boolean() }),
});
