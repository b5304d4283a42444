import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { XLSX_TYPE } from '@sq/contract/manage/export';

/**
 * Starts an .xlsx download on a hijacked reply: the headers set so far (security headers) kept,
 * and the name, e.g. `望京花园西区-登记记录-20261121.xlsx`, sent so that browsers and WeChat keep
 * the Chinese.
 */
export function attachment(reply: FastifyReply, name: string, type = XLSX_TYPE) {
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': type,
    'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
}

/** A whole file as a download (the reply is hijacked and ended). */
export function sendFile(reply: FastifyReply, name: string, type: string | undefined, body: Buffer) {
  reply.hijack();
  attachment(reply, name, type);
  reply.raw.end(body);
}
