import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';

/** A community's own keywords (beside the maintained list every community has). */
export const CONTENT_KEYWORDS_MAX = 500;
export const CONTENT_KEYWORD_MAX_CHARS = 20;
/** What a link in a post or comment does: wait for staff, or show at once. */
export const LINK_POLICIES = ['hold', 'allow'] as const;

export const MSG_CONTENT_SETTINGS_NOT_ALLOWED = '只有社区管理员和管理人员可以修改关键词和链接规则';

export const ContentMsg = {
  keyword: `关键词为1 – ${CONTENT_KEYWORD_MAX_CHARS}个字`,
  tooMany: `关键词最多${CONTENT_KEYWORDS_MAX}个`,
  links: '请选择链接的处理方式',
} as const;

const ZKeyword = z.string({ error: ContentMsg.keyword }).trim().min(1, ContentMsg.keyword).max(CONTENT_KEYWORD_MAX_CHARS, ContentMsg.keyword);

export const ZContentSettings = /*#__PURE__*/ z.object({
  /** The community's own keywords: a text holding one waits for staff. */
  keywords: z.array(z.string()),
  links: z.enum(LINK_POLICIES),
  /** How many keywords the maintained list holds (it is not shown: it would teach how to evade it). */
  defaultKeywords: z.number().int(),
});

/** 内容审核设置: the community's keywords and link rule, for its administrators and managers. */
export const getContentSettings = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/content/settings',
  summary: '社区内容审核设置（关键词、链接）',
  query: z.object({ poiId: ZPoiId }),
  data: ZContentSettings,
});


/** Replaces the community's keywords and link rule (the whole list: the page edits it as one). */
export const saveContentSettings = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/content/settings',
  summary: '保存社区内容审核设置',
  body: z.object({
    poiId: ZPoiId,
    keywords: z.array(ZKeyword, { error: ContentMsg.keyword }).max(CONTENT_KEYWORDS_MAX, ContentMsg.tooMany),
    links: z.enum(LINK_POLICIES, { error: ContentMsg.links }),
  }),
  data: ZContentSettings,
});

