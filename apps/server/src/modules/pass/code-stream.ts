import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { PassEvents } from './pass-events';

/** Proxies may drop a silent connection; a comment line every 15 s keeps it open. */
const HEARTBEAT_MS = 15_000;

/**
 * Push channels one session may hold at once: the pass page in two tabs and the native shell's
 * view. One resident held 300; each is a socket, a subscription and two timers.
 */
export const MAX_STREAMS_PER_SESSION = 3;

/**
 * The open push channels of each session. A new one over the cap closes the session's oldest
 * rather than being refused: the page just opened is the one being looked at, and a page whose
 * channel ended keeps polling (it listens again only when it comes back into view).
 */
export class SessionStreams {
  private readonly open = new Map<string, (() => void)[]>();

  constructor(private readonly max = MAX_STREAMS_PER_SESSION) {}

  /** Registers a stream's `close`; returns what the stream calls when it ends by itself. */
  add(session: string, close: () => void): () => void {
    const list = this.open.get(session) ?? [];
    this.open.set(session, list);
    list.push(close);
    while (list.length > this.max) list.shift()!();
    return () => {
      const at = list.indexOf(close);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0 && this.open.get(session) === list) this.open.delete(session);
    };
  }

  /** Ends every open stream: the process is draining (SIGTERM), the pages poll another node. */
  closeAll() {
    for (const list of [...this.open.values()]) for (const close of [...list]) close();
  }

  count(session: string): number {
    return this.open.get(session)?.length ?? 0;
  }
}

interface CodeState {
  codeInfo: { isUse: number; expired: boolean };
}

/**
 * Streams one pass code's state as server-sent events: the current state at once, then each
 * change, ending when the code is used, sent back or expires, or the page goes away.
 */
export async function streamCodeState<S extends CodeState>(args: {
  reply: FastifyReply;
  /** Whose stream this is, and every session's open streams (the cap). */
  session: string;
  streams: SessionStreams;
  first: S;
  /** The pass channel the code belongs to (pass-events.ts). */
  channel: string;
  expiresAt: Date;
  now: () => Date;
  events: PassEvents;
  read: () => Promise<S>;
}) {
  const { reply, events } = args;
  const isFinal = (s: S) => s.codeInfo.isUse !== 0 || s.codeInfo.expired;
  reply.hijack();
  const raw = reply.raw;
  // A hijacked reply writes its own head: keep the security headers already set on it.
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  let last = '';
  const send = (s: S) => {
    const json = JSON.stringify(s);
    if (json !== last) raw.write(`event: codeInfo\ndata: ${json}\n\n`);
    last = json;
  };
  send(args.first);
  if (isFinal(args.first)) return void raw.end();

  let finished = false;
  const cleanups: (() => void)[] = [];
  const finish = () => {
    if (finished) return;
    finished = true;
    cleanups.forEach((c) => c());
    raw.end();
  };
  const refresh = async () => {
    if (finished) return;
    try {
      const state = await args.read();
      send(state);
      if (isFinal(state)) finish();
    } catch {
      finish();
    }
  };
  raw.on('close', finish);
  cleanups.push(args.streams.add(args.session, finish));
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  // At expiry the state turns final by itself; tell the page so it fetches a new pass.
  const expiry = setTimeout(() => void refresh(), Math.max(0, args.expiresAt.getTime() - args.now().getTime()) + 100);
  cleanups.push(() => clearInterval(heartbeat), () => clearTimeout(expiry));
  cleanups.push(await events.subscribe(args.channel, () => void refresh()));
  // A change between the first read and the subscription would otherwise be missed.
  await refresh();
}
