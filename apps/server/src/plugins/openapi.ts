import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { STATIC_MAP_PATH, ZStaticMapQuery } from '@sq/contract/map/static-map';
import { SESSION_COOKIE, SESSION_COOKIE_PATH } from '../modules/auth/token-source';

/**
 * The three ways a session token travels (spec §7, DESIGN.md §4), as OpenAPI security schemes.
 * OpenAPI has no scheme for a field of the request body: `tokenHeader` says so, and each
 * operation that needs a session also lists `token` among its body's properties.
 */
export const SECURITY_SCHEMES = {
  tokenHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'token',
    description: '会话令牌（POST /v1/auth/login 返回的 token）。也可放在 POST 体或表单的 token 字段中（原生壳与导出表单的方式）。',
  },
  bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <token>，与 token 请求头等价。' },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `登录时设置的 HttpOnly Cookie，仅发送到 ${SESSION_COOKIE_PATH}（浏览器启动时取回登录状态）。`,
  },
} as const;

/** Any one of the carriers will do (each entry of an OpenAPI `security` list is an alternative). */
export const SESSION_SECURITY: readonly Record<string, readonly string[]>[] = [{ tokenHeader: [] }, { bearer: [] }];

/** `POST /v1/userCard/list` → `postV1UserCardList`; `GET /v1/polls/:id` → `getV1PollsById`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_]/));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const ERROR_ENVELOPE = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data: { type: 'object', nullable: true } },
  required: ['code', 'message', 'data'],
};

type Operation = {
  security?: unknown[];
  parameters?: { in: string; name: string; [field: string]: unknown }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
};
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> } & Record<string, unknown>;

/**
 * What the generated document cannot know from the schemas: the token as a body field of
 * operations that need a session, and the exports – `?export=1` lists that take the list's body as
 * a form post (what a page's download form sends) and answer an .xlsx file instead of JSON.
 */
export function completeDocument(doc: Document): Document {
  const staticMap = doc.paths?.[STATIC_MAP_PATH]?.get;
  if (staticMap) {
    staticMap.parameters = Object.keys(ZStaticMapQuery.shape).map((name) => ({ in: 'query', name, required: true, schema: { type: 'number' } }));
    staticMap.responses = {
      '200': { description: '位置示意图（SVG 或 PNG 图片）', content: { 'image/svg+xml': { schema: { type: 'string' } }, 'image/png': { schema: { type: 'string', format: 'binary' } } } },
      '400': { description: '参数不正确（应答体为 {code, message, data}）', content: { 'application/json': { schema: ERROR_ENVELOPE } } },
    };
  }
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations)) {
      const needsSession = Boolean(op.security?.length);
      const json = op.requestBody?.content['application/json'];
      if (needsSession && json?.schema.properties) {
        json.schema.properties = { ...json.schema.properties, token: { type: 'string', description: '会话令牌（也可用 token 请求头或 Authorization: Bearer）' } };
      }
      if (op.parameters?.some((p) => p.in === 'query' && p.name === 'export') && json && op.requestBody) {
        op.requestBody.content['application/x-www-form-urlencoded'] = json;
        const ok = op.responses['200'];
        if (ok) {
          ok.description = 'JSON 列表；带 ?export=1 时为 Excel 文件（附件，文件名含社区名称与日期）';
          ok.content = { ...ok.content, [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } };
        }
      }
    }
  }
  return doc;
}

/** OpenAPI generated from the contract schemas, browsable at /docs (JSON at /docs/json). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '社区服务 API',
        description: '所有应答均为 {code, message, data}，HTTP 状态码与 code 一致。需要登录的接口接受三种令牌携带方式之一（见 securitySchemes）。',
        version: '1.0.0',
        license: { name: 'Proprietary', url: 'https://example.invalid/license' },
      },
      servers: [{ url: '/', description: '本服务（与页面同源）' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject ? completeDocument(documentObject.openapiObject as Document) : documentObject.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
