import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointData } from '@sq/contract/endpoint';
import { ZErrorEnvelope, envelope } from '@sq/contract/envelope';
import type { Caller } from '../modules/auth/caller';
import type { InlineSession } from '../modules/auth/inline-session';
import type { TokenSource } from '../modules/auth/token-source';
import { FastLane } from './fast-lane';
import { DOWNLOAD_KEY, operationIdOf, SESSION_SECURITY, UPLOAD_KEY } from '../plugins/openapi';

/** An OpenAPI `security` list: alternatives, each naming schemes of plugins/openapi.ts. */
type Security = readonly Record<string, readonly string[]>[];

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
export interface InlineContext<E extends Endpoint> extends OpenContext<E> {
  session: InlineSession;
}
export interface PublicContext<E extends Endpoint> extends OpenContext<E> {
  /** The session's person when a valid token came with the request, else null. */
  caller: Caller | null;
}

export interface RouteKit {
  /**
   * A route anyone may call; `security` documents a handler that checks a session itself (the
   * start-up check reads the login cookie).
   */
  open<E extends Endpoint>(endpoint: E, handler: (ctx: OpenContext<E>) => Promise<EndpointData<E>>, docs?: { security: Security }): void;
  /** A route anyone may call, answering more to a logged-in caller (an invalid token counts as none). */
  public<E extends Endpoint>(endpoint: E, handler: (ctx: PublicContext<E>) => Promise<EndpointData<E>>): void;
  /** A route that needs a session: 423 without a token, 424 for an expired or revoked one. */
  authed<E extends Endpoint>(endpoint: E, handler: (ctx: AuthedContext<E>) => Promise<EndpointData<E>>): void;
  /**
   * `authed`, for a read-only POST asked so often that it is also answered on the fast lane
   * (lib/fast-lane.ts); the handler sees the caller and the form only, as it runs on either path.
   * A hook added with `app.addHook` does not run for the requests the lane answers: whatever such
   * a hook does for every route, the lane must do as well (it sets the API headers and the access
   * line itself).
   */
  authedPoll<E extends Endpoint>(endpoint: E, handler: (ctx: Pick<AuthedContext<E>, 'caller' | 'body'>) => Promise<EndpointData<E>>): void;
  /**
   * `authed`, for a handler whose first statement reads a session this process has not seen
   * (InlineSession): the same 423 and 424, and, for a request that is also invalid, the same
   * order (the session is checked before the form is refused).
   */
  authedInline<E extends Endpoint>(endpoint: E, handler: (ctx: InlineContext<E>) => Promise<EndpointData<E>>): void;
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
export interface RequestSessions {
  authenticate(req: TokenSource): Promise<Caller>;
  inline(req: FastifyRequest): InlineSession;
}

export function createRouteKit(app: FastifyInstance, sessions: RequestSessions, tag: string, lane?: FastLane<Caller>): RouteKit {
  const { authenticate } = sessions;
  /** The context a handler gets; `caller` is set by the preValidation hook of authed routes. */
  const contextOf = (req: FastifyRequest, reply: FastifyReply) => ({ body: req.body as never, query: req.query as never, req, reply, caller: req.caller! });

  function register(
    endpoint: Endpoint,
    { authed, streams, security, laned }: { authed: boolean | 'optional' | 'inline'; streams: boolean; security?: Security; laned?: boolean },
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      // Authentication runs before validation: a logged-out user is sent to log in (423) rather
      // than told about their form, and the body's `token` is still there to be read.
      ...(authed === true ? { preValidation: async (req: FastifyRequest) => void (req.caller = await authenticate(req)) } : {}),
      ...(authed === 'optional' ? { preValidation: async (req: FastifyRequest) => void (req.caller = await authenticate(req).catch(() => null)) } : {}),
      // Nothing read yet: the handler does, or, for an invalid request, the hook below first.
      ...(authed === 'inline' ? { preValidation: async (req: FastifyRequest) => void (req.inlineSession = sessions.inline(req)), attachValidation: true } : {}),
      // A request the fast lane gave back comes with its body already read.
      ...(laned ? { preParsing: FastLane.replay } : {}),
      schema: {
        summary: endpoint.summary,
        tags: [tag],
        operationId: operationIdOf(endpoint.method, endpoint.path),
        // None needed, needed, or optional (an empty alternative): what the API description says.
        security: security ?? (authed === true || authed === 'inline' ? SESSION_SECURITY : authed === 'optional' ? [{}, ...SESSION_SECURITY] : []),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        // Files instead of JSON, for the API description to say (plugins/openapi.ts).
        ...(endpoint.upload ? { [UPLOAD_KEY]: endpoint.upload } : {}),
        ...(endpoint.download ? { [DOWNLOAD_KEY]: endpoint.download } : {}),
        // A stream's 200 is its events, not an envelope; its failures before the stream starts are.
        response: streams
          ? { 200: endpoint.data, '4xx': ZErrorEnvelope }
          : { 200: envelope(endpoint.data), '4xx': ZErrorEnvelope, '5xx': ZErrorEnvelope },
      },
      handler,
    });
  }

  /** Wraps the handler's result in the envelope, unless it streamed its own answer (an export). */
  const enveloped = (handle: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => async (req: FastifyRequest, reply: FastifyReply) => {
    const data = await handle(req, reply);
    return reply.sent ? reply : { code: 200, message: 'ok', data };
  };

  return {
    open(endpoint, handler, docs) {
      register(endpoint, { authed: false, streams: false, security: docs?.security }, enveloped((req, reply) => handler(contextOf(req, reply))));
    },
    public(endpoint, handler) {
      register(endpoint, { authed: 'optional', streams: false }, enveloped((req, reply) => handler({ ...contextOf(req, reply), caller: req.caller })));
    },
    authed(endpoint, handler) {
      register(endpoint, { authed: true, streams: false }, enveloped((req, reply) => handler(contextOf(req, reply))));
    },
    authedPoll(endpoint, handler) {
      register(endpoint, { authed: true, streams: false, laned: !!lane }, enveloped((req, reply) => handler(contextOf(req, reply))));
      lane?.add(endpoint, authenticate, (caller, body) => handler({ caller, body }));
    },
    authedInline(endpoint, handler) {
      register(
        endpoint,
        { authed: 'inline', streams: false },
        enveloped(async (req, reply) => {
          const session = req.inlineSession!;
          if (req.validationError) {
            if (!session.known) await session.authenticate();
            throw req.validationError;
          }
          return handler({ ...contextOf(req, reply), session });
        }),
      );
    },
    stream(endpoint, handler) {
      register(endpoint, { authed: true, streams: true }, (req, reply) => handler(contextOf(req, reply)));
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authed` routes before validation. */
    caller: Caller | null;
    /** Set by `authedInline` routes before validation. */
    inlineSession: InlineSession | null;
  }
}
