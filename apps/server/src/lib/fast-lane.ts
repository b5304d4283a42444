import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import secureJson from 'secure-json-parse';
import type { FastifyBaseLogger, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointData } from '@sq/contract/endpoint';
import { envelope } from '@sq/contract/envelope';
import { hasControl } from '../plugins/control-characters';
import { exceedsDepth, MAX_JSON_DEPTH } from '../plugins/json-body';
import { API_HEADERS, HSTS } from '../plugins/security';
import type { TokenSource } from '../modules/auth/token-source';
import { accessLine, lineStreamOf, roundMs } from './access-log';
import type { LoggedRequest } from './log-redaction';
import type { OpenContext } from './route-kit';

interface Lane<Caller> {
  authenticate(source: TokenSource): Promise<Caller>;
  parse(body: unknown): { success: true; data: unknown } | { success: false };
  handle(caller: Caller, body: never): Promise<unknown>;
  serialize(answer: unknown): Buffer;
}

/** The header whose value, when sent, is the request's id in the log (Fastify's `requestIdHeader`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request's body, set when the lane read it and gave the request back to Fastify. */
const READ_BODY = Symbol('fast-lane body');
type ReadRequest = IncomingMessage & { [READ_BODY]?: Buffer };

/** JSON in UTF-8 as clients send it; any other type or parameter is left to Fastify's parsers. */
const UTF8_JSON = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const isJson = (contentType: string | undefined) => contentType !== undefined && UTF8_JSON.test(contentType);

/** What Fastify sends with a route's JSON answer: its content type and the API headers (plugins/security.ts). */
const ANSWER_HEADERS = { ...API_HEADERS, 'content-type': 'application/json; charset=utf-8' };
const ANSWER_HEADERS_HTTPS = { ...ANSWER_HEADERS, ...HSTS };

/**
 * The gate's poll, and every page's first request (the page-load check), on a short path. Every
 * resident waiting at the gate asks "has my code been scanned?" every 2 s (spec §4); answered through Fastify's whole request pipeline – routing, the
 * Request and Reply objects, a child logger, the hook runners and their promises – a poll cost
 * about three times what node:http itself spends on a request (bench/README.md). The lane answers
 * a registered read-only endpoint straight from node:http when the request is the ordinary one –
 * exact path, a JSON body within the limit, a session, a valid form – with what the Fastify route
 * would answer: the same authentication, schema, handler, serializer (so tests verify it against
 * the contract too), API headers and access line.
 *
 * Anything else – a form post, an oversized or malformed body, a control character, a missing or
 * revoked session, an invalid form, an error of the handler, a server that is closing – is given
 * back to Fastify with the body already read (a route-level preParsing hook hands it over), and
 * the route answers it as it answers every request, the same envelope, status and log. Only
 * read-only handlers may use the lane: a request given back after its handler failed runs again.
 */
export class FastLane<Caller> {
  private readonly lanes = new Map<string, Lane<Caller>>();
  private fastify?: (req: IncomingMessage, res: ServerResponse) => void;
  private closing = false;
  /** Requests the lane answered itself (the rest went to Fastify), for tests and a look from the outside. */
  answered = 0;
  private readonly trusted: ((addr: string, i: number) => boolean) | null;
  private nextId = 0;

  /**
   * Request ids for Fastify's `genReqId` and the lane's lines, one sequence, in Fastify's own form
   * (`req-` and a base-36 count kept within a small integer); a request's x-request-id wins.
   */
  readonly genReqId = () => {
    this.nextId = (this.nextId + 1) & 0x7fffffff;
    return `req-${this.nextId.toString(36)}`;
  };

  constructor(
    private readonly o: {
      bodyLimit: number;
      trustProxy: boolean;
      /** The app's serializer compiler: the lane's answers are the route's bytes. */
      compileSerializer: FastifySerializerCompiler<z.ZodType>;
    },
  ) {
    this.trusted = o.trustProxy ? () => true : null;
  }

  /**
   * Puts the lane in front of Fastify on the server Fastify built (with its own timeouts): Fastify
   * answers through the server's one 'request' listener, which now asks the lane first.
   */
  takeOver(server: http.Server) {
    const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    if (listeners.length !== 1) throw new Error(`the fast lane expects Fastify's one request listener, found ${listeners.length}`);
    const fastify = listeners[0]!;
    this.fastify = fastify;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.take(req, res)) fastify(req, res);
    });
  }

  /** Set once the app starts closing: Fastify then serves the request with `connection: close` (app.ts). */
  close() {
    this.closing = true;
  }

  /** Answers `endpoint` (a POST with a JSON body) on the lane as well as through its Fastify route. */
  add<E extends Endpoint>(
    endpoint: E,
    authenticate: (source: TokenSource) => Promise<Caller>,
    handle: (caller: Caller, body: OpenContext<E>['body']) => Promise<EndpointData<E>>,
  ) {
    if (endpoint.method !== 'POST' || !endpoint.body) throw new Error(`the fast lane takes POSTs with a body, not ${endpoint.method} ${endpoint.path}`);
    const schema = endpoint.body;
    const serialize = this.o.compileSerializer({ schema: envelope(endpoint.data), method: endpoint.method, url: endpoint.path, httpStatus: '200' } as never);
    this.lanes.set(endpoint.path, {
      authenticate,
      parse: (body) => schema.safeParse(body),
      handle: handle as never,
      serialize: (answer) => serialize(answer) as unknown as Buffer,
    });
  }

  /** The route's preParsing hook: the body the lane already read, when it gave the request back. */
  static replay(req: FastifyRequest, _reply: unknown, payload: Readable, done: (err: null, payload: Readable) => void) {
    const read = (req.raw as ReadRequest)[READ_BODY];
    done(null, read ? Readable.from([read], { objectMode: false }) : payload);
  }

  /** True when the lane answers this request; false leaves it, untouched, to Fastify. */
  private take(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST' || this.closing) return false;
    const lane = this.lanes.get(req.url!);
    if (!lane || !isJson(req.headers['content-type'])) return false;
    const length = Number(req.headers['content-length']);
    if (!(length > 0 && length <= this.o.bodyLimit)) return false;
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      this.answer(lane, req, res, bytes, started).catch(() => this.giveBack(req as ReadRequest, res, bytes));
    });
    return true;
  }

  private async answer(lane: Lane<Caller>, req: IncomingMessage, res: ServerResponse, bytes: Buffer, started: number) {
    const text = bytes.toString('utf8');
    // Fastify's own JSON parse: a `__proto__` or `constructor` key, escaped or not, throws (the
    // request goes back to Fastify, which refuses it with its message).
    const body = exceedsDepth(text, MAX_JSON_DEPTH) ? undefined : (secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' }) as unknown);
    if (!body || typeof body !== 'object' || Array.isArray(body) || hasControl(body)) throw new GiveBack();
    const caller = await lane.authenticate({ body, headers: req.headers });
    const form = lane.parse(body);
    if (!form.success) throw new GiveBack();
    const answer = lane.serialize({ code: 200, message: 'ok', data: await lane.handle(caller, form.data as never) });
    res.writeHead(200, { ...(this.protocolOf(req) === 'https' ? ANSWER_HEADERS_HTTPS : ANSWER_HEADERS), 'content-length': answer.length });
    res.end(answer);
    this.answered++;
    this.logWhenSent(req, res, started);
  }

  /** Fastify answers it, reading the body from what the lane read (Lane.replay). */
  private giveBack(req: ReadRequest, res: ServerResponse, bytes: Buffer) {
    if (res.headersSent) return;
    req[READ_BODY] = bytes;
    this.fastify!(req, res);
  }

  // The request id, address and protocol as Fastify's Request gives them (fastify/lib/request.js).
  private protocolOf(req: IncomingMessage) {
    const forwarded = this.trusted && req.headers['x-forwarded-proto'];
    if (typeof forwarded === 'string' && forwarded) return lastEntry(forwarded);
    return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  }

  private ipOf(req: IncomingMessage): string | undefined {
    if (!this.trusted) return req.socket.remoteAddress;
    const all = proxyAddr.all(req, this.trusted);
    return all[all.length - 1];
  }

  private logWhenSent(req: IncomingMessage, res: ServerResponse, started: number) {
    const header = req.headers[REQUEST_ID_HEADER];
    const reqId = (typeof header === 'string' && header) || this.genReqId();
    // No address once the connection is gone: undefined, as Fastify's `request.ip` then is.
    const request: LoggedRequest = { method: req.method!, url: req.url!, ip: this.ipOf(req)! };
    // 'close' comes after 'finish', or alone when the connection went before the answer did.
    res.on('close', () => {
      const ms = performance.now() - started;
      if (res.writableFinished) this.log?.(reqId, request, 200, ms);
      else this.logError?.(reqId, request, new Error('the connection closed before the answer was sent'), ms);
    });
  }

  private log?: (reqId: string, req: LoggedRequest, status: number, ms: number) => void;
  private logError?: (reqId: string, req: LoggedRequest, err: Error, ms: number) => void;

  /** Where the access lines go: the app's logger, as for every other request (lib/access-log.ts). */
  useLogger(logger: FastifyBaseLogger) {
    this.log = (reqId, req, status, ms) => lineStreamOf(logger)?.write(accessLine(reqId, req, status, ms));
    this.logError = (reqId, req, err, ms) => logger.error({ reqId, req, res: { statusCode: 200 }, responseTime: roundMs(ms), err }, 'request errored');
  }
}

class GiveBack extends Error {}

const lastEntry = (value: string) => {
  const i = value.lastIndexOf(',');
  return i === -1 ? value.trim() : value.slice(i + 1).trim();
};
