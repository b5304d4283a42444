import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code } from '@sq/contract/envelope';
import { Msg } from '@sq/contract/messages';
import { AppError } from '../lib/errors';
import { isDatabaseUnavailable } from '../db/unavailable';

const HAS_CHINESE = /[\u4e00-\u9fff]/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own words for a body over its limit, instead of the generic ones (the photo upload's). */
    tooLargeMessage?: string;
  }
}

/** The first failing rule's own Chinese message; zod's English defaults become a generic one. */
function validationMessage(err: unknown): string {
  if (!hasZodFastifySchemaValidationErrors(err)) return Msg.badRequest;
  const first = err.validation[0];
  if (!first) return Msg.badRequest;
  if (first.message && HAS_CHINESE.test(first.message)) return first.message;
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return field ? `${Msg.badRequest}（${field}）` : Msg.badRequest;
}

/** Maps every failure to the envelope. Nothing but AppError text and fixed messages reaches the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: Error, req, reply) => {
    const err = error as FastifyError;
    const send = (code: number, message: string) => reply.code(code).send({ code, message, data: null });
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(err)) return send(Code.badRequest, validationMessage(err));
    if (isResponseSerializationError(err)) {
      req.log.error({ contract: { message: err.message, issues: err.cause.issues.map((i) => i.path.join('.')) } }, 'response does not match its contract');
      return send(Code.internal, Msg.internal);
    }
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(Code.payloadTooLarge, req.routeOptions.config?.tooLargeMessage ?? Msg.payloadTooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(Code.badRequest, Msg.unsupportedMediaType);
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(Code.badRequest, Msg.badJson);
    }
    if (err instanceof SyntaxError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      return send(Code.badRequest, err instanceof SyntaxError ? Msg.badJson : Msg.badRequest);
    }
    if (isDatabaseUnavailable(err)) {
      // The statement failed before it committed: nothing was written, and the client may ask again.
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '2');
      return send(Code.unavailable, Msg.busy);
    }
    // The logger's `err` serializer (lib/log-redaction.ts loggableError) drops every value it holds.
    req.log.error({ err }, 'unhandled error');
    return send(Code.internal, Msg.internal);
  });
}
