import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FileSpec } from '@sq/contract/endpoint';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { STATIC_MAP_PATH, ZStaticMapQuery } from '@sq/contract/map/static-map';
import { IMAGE_COOKIE_PATH, SESSION_COOKIE, SESSION_COOKIE_PATH } from '../modules/auth/token-source';

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
    description: `登录时设置的 HttpOnly Cookie，仅发送到 ${SESSION_COOKIE_PATH}（浏览器启动时取回登录状态）与 ${IMAGE_COOKIE_PATH}（<img> 读取图片）。`,
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

/**
 * Where a route's schema carries its endpoint's `upload` and `download` (contract/endpoint.ts) to
 * the document: @fastify/swagger copies `x-` keys onto the operation, completeDocument turns them
 * into the request body's and the answer's media types.
 */
export const UPLOAD_KEY = 'x-sq-upload';
export const DOWNLOAD_KEY = 'x-sq-download';

const BINARY = { type: 'string', format: 'binary' };

/** A file's media types as OpenAPI content: a JSON file is an object, anything else bytes. */
const fileContent = (file: FileSpec) => Object.fromEntries(file.types.map((type) => [type, { schema: type === 'application/json' ? { type: 'object' } : BINARY }]));

const ERROR_ENVELOPE = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data: { type: 'object', nullable: true } },
  required: ['code', 'message', 'data'],
};

type Operation = {
  security?: unknown[];
  parameters?: { in: string; name: string; [field: string]: unknown }[];
  requestBody?: { required?: boolean; description?: string; content: Record<string, { schema: { properties?: Record<string, unknown>; [field: string]: unknown } }> };
  responses: Record<string, { description?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
  [UPLOAD_KEY]?: FileSpec;
  [DOWNLOAD_KEY]?: FileSpec;
};
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> } & Record<string, unknown>;

/**
 * A download answers its file, not the envelope, with the name in Content-Disposition; a POST
 * download is also a form post (what a page's download form sends, the token in the form). An
 * upload's body is the file itself.
 */
function describeFiles(op: Operation) {
  const upload = op[UPLOAD_KEY];
  const download = op[DOWNLOAD_KEY];
  delete op[UPLOAD_KEY];
  delete op[DOWNLOAD_KEY];
  if (upload) op.requestBody = { required: true, description: upload.description, content: fileContent(upload) };
  if (download?.inline) {
    // Shown in place (a photo for an <img>): cached by its ETag, no file name.
    op.responses['200'] = {
      description: download.description,
      headers: {
        ETag: { description: '内容哈希（URL 对应的内容永不改变）', schema: { type: 'string' } },
        'Cache-Control': { description: 'private, max-age=31536000, immutable', schema: { type: 'string' } },
      },
      content: fileContent(download),
    };
    op.responses['304'] = { description: 'If-None-Match 与 ETag 相同：浏览器缓存中的内容仍然有效' };
  } else if (download) {
    op.responses['200'] = {
      description: download.description,
      headers: { 'Content-Disposition': { description: '附件及文件名（UTF-8，filename*）', schema: { type: 'string' } } },
      content: fileContent(download),
    };
    const json = op.requestBody?.content['application/json'];
    if (json) op.requestBody!.content['application/x-www-form-urlencoded'] = json;
  }
}

/**
 * What the generated document cannot know from the schemas: the token as a body field of
 * operations that need a session, the files that some operations take or answer instead of JSON
 * (describeFiles), and the exports – `?export=1` lists that take the list's body as a form post
 * (what a page's download form sends) and answer an .xlsx file instead of JSON.
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
      describeFiles(op);
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
