import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointData } from '@sq/contract/endpoint';
import { ZErrorEnvelope, envelope } from '@sq/contract/envelope';
import type { Caller } from '../modules/auth/caller';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface OpenContext<E extends Endpoint> {
  body: Out<NonNullable<E['body']>>;
  query: Out<NonNullable<E['query']>>;
  req: FastifyRequest;
  reply: FastifyReply;
}
export interface AuthedContext<E extends Endpoint> extends OpenContext<E> {
  caller: Caller;
}

export interface RouteKit {
  /** A route anyone may call. */
  open<E extends Endpoint>(endpoint: E, handler: (ctx: OpenContext<E>) => Promise<EndpointData<E>>): void;
  /** A route that needs a session: 423 without a token, 424 for an expired or revoked one. */
  authed<E extends Endpoint>(endpoint: E, handler: (ctx: AuthedContext<E>) => Promise<EndpointData<E>>): void;
  /**
   * An authenticated streaming route (server-sent events). Errors thrown before the handler takes
   * over the reply still get the envelope; after that the handler owns the connection.
   */
  stream<E extends Endpoint>(endpoint: E, handler: (ctx: AuthedContext<E>) => Promise<void>): void;
}

/**
 * Registers contract endpoints on Fastify: the contract's schemas validate the request and
 * serialise the response (unknown fields are stripped, so nothing leaks), and the handler's
 * result is wrapped in the `{code, message, data}` envelope.
 */
export function createRouteKit(
  app: FastifyInstance,
  authenticate: (req: FastifyRequest) => Promise<Caller>,
  tag: string,
): RouteKit {
  function register<E extends Endpoint>(
    endpoint: E,
    handle: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    authed: boolean,
  ) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      // Authentication runs before validation: a logged-out user is sent to log in (423) rather
      // than told about their form, and the body's `token` is still there to be read.
      ...(authed ? { preValidation: async (req: FastifyRequest) => void (req.caller = await authenticate(req)) } : {}),
      schema: {
        summary: endpoint.summary,
        tags: [tag],
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        response: { 200: envelope(endpoint.data), '4xx': ZErrorEnvelope, '5xx': ZErrorEnvelope },
      },
      handler: async (req, reply) => {
        const data = await handle(req, reply);
        // A handler that streamed its own answer (an export) has already replied.
        return reply.sent ? reply : { code: 200, message: 'ok', data };
      },
    });
  }
  return {
    stream(endpoint, handler) {
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        schema: {
          summary: endpoint.summary,
          tags: [tag],
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          response: { 200: endpoint.data, '4xx': ZErrorEnvelope },
        },
        preValidation: async (req: FastifyRequest) => void (req.caller = await authenticate(req)),
        handler: (req, reply) => handler({ body: req.body as never, query: req.query as never, req, reply, caller: req.caller! }),
      });
    },
    open(endpoint, handler) {
      register(endpoint, (req, reply) => handler({ body: req.body as never, query: req.query as never, req, reply }), false);
    },
    authed(endpoint, handler) {
      register(
        endpoint,
        (req, reply) => handler({ body: req.body as never, query: req.query as never, req, reply, caller: req.caller! }),
        true,
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authed` routes before validation. */
    caller: Caller | null;
  }
}
