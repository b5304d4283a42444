import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract schemas, browsable at /docs (JSON at /docs/json). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '社区服务 API',
        description: '所有应答均为 {code, message, data}，HTTP 状态码与 code 一致。令牌放在 POST 体的 token、请求头 token 或 Authorization: Bearer 中。',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
