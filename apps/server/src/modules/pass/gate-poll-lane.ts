import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { checkCodeInfo } from '@sq/contract/pass/check-code-info';
import { Msg } from '@sq/contract/messages';
import { API_HEADERS, HSTS } from '../../plugins/security';
import type { Caller } from '../auth/caller';
import { tokenFromRequest } from '../auth/token-source';

/** The poll's body is `{token, poiId, code}`: a few hundred bytes. Bigger ones take the app's way. */
const MAX_BODY = 4096;
// C0 controls other than tab, line feed and carriage return, raw or escaped: the app refuses them
// (plugins/control-characters.ts), so a body holding one takes the app's way.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\\u00[01]/;
/** The route's own body schema (the endpoint declares one; `body` is optional on endpoints in general). */
const BODY = checkCodeInfo.body!;

interface Deps {
  /** The Fastify app: every request this lane does not answer itself goes through it (inject). */
  app: FastifyInstance;
  authenticate: (token: string | null) => Promise<Caller>;
  checkCode: (caller: Caller, poiId: string, code: string) => Promise<unknown>;
  log: FastifyBaseLogger;
  trustProxy: boolean;
}

/**
 * The gate's poll (POST /v1/userCard/checkCodeInfo: every waiting resident, every 2 s) answered
 * before Fastify's routing, which on this path cost more than the work (bench/README.md, gate hot
 * path). Only the ordinary case is taken: a small JSON body that the route's own schema accepts,
 * a live session, a code whose state is known – answered as the route answers it (envelope,
 * headers, one access-log line through the app's logger). Everything else – no or a bad session,
 * a refused body, an unknown code, a failure – is handed to the app with the same request
 * (`inject`), so every refusal keeps one source. Returns whether it took the request.
 */
export function createGatePollLane({ app, authenticate, checkCode, log, trustProxy }: Deps) {
  let served = 0;
  const ipOf = (req: IncomingMessage) => {
    const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const first = typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : '';
    return first || req.socket.remoteAddress || '';
  };
  const overHttps = (req: IncomingMessage) =>
    trustProxy ? req.headers['x-forwarded-proto'] === 'https' : Boolean((req.socket as { encrypted?: boolean }).encrypted);

  /** The app answers it: the same request, the same body, the caller's address. */
  async function handOver(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const answer = await app.inject({ method: 'POST', url: req.url!, headers: req.headers, payload: body, remoteAddress: ipOf(req) });
    res.writeHead(answer.statusCode, answer.headers as Record<string, string>);
    res.end(answer.rawPayload);
  }

  async function answer(req: IncomingMessage, res: ServerResponse, raw: Buffer, started: number) {
    const text = raw.toString('utf8');
    let body: unknown;
    try {
      body = CONTROL.test(text) ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    const parsed = body && typeof body === 'object' && !Array.isArray(body) ? BODY.safeParse(body) : null;
    const caller = parsed?.success ? await authenticate(tokenFromRequest({ body, headers: req.headers } as FastifyRequest)).catch(() => null) : null;
    const state = caller && parsed?.success ? await checkCode(caller, parsed.data.poiId, parsed.data.code).catch(() => null) : null;
    if (!state) return handOver(req, res, raw);
    const json = JSON.stringify({ code: 200, message: 'ok', data: state });
    res.writeHead(200, {
      ...API_HEADERS,
      ...(overHttps(req) ? HSTS : {}),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
    const header = req.headers['x-request-id'];
    log.info(
      {
        reqId: typeof header === 'string' && header ? header : `gate-${++served}`,
        // Through the logger's own request serializer (URL secrets blanked), as Fastify's lines are.
        req: { method: 'POST', url: req.url!, ip: ipOf(req) },
        res: { statusCode: 200 },
        responseTime: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  }

  return function take(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST' || req.url !== checkCodeInfo.path) return false;
    const length = Number(req.headers['content-length']);
    const type = req.headers['content-type'];
    if (!type?.startsWith('application/json') || !(length > 0 && length <= MAX_BODY) || req.headers['transfer-encoding']) return false;
    const started = performance.now();
    const chunks: Buffer[] = [];
    // A phone that drops the connection mid-body: nothing to answer.
    req.on('error', () => res.destroy());
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(req, res, Buffer.concat(chunks), started).catch((err: unknown) => {
        log.error({ err }, 'gate poll lane failed');
        if (!res.headersSent) res.writeHead(500, { ...API_HEADERS, 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ code: 500, message: Msg.internal, data: null }));
      });
    });
    return true;
  };
}
