import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { PassEvents } from './pass-events';

/** Proxies may drop a silent connection; a comment line every 15 s keeps it open. */
const HEARTBEAT_MS = 15_000;

interface CodeState {
  codeInfo: { isUse: number; expired: boolean };
}

/**
 * Streams one pass code's state as server-sent events: the current state at once, then each
 * change, ending when the code is used, sent back or expires, or the page goes away.
 */
export async function streamCodeState<S extends CodeState>(args: {
  reply: FastifyReply;
  first: S;
  codeHash: string;
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
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  // At expiry the state turns final by itself; tell the page so it fetches a new pass.
  const expiry = setTimeout(() => void refresh(), Math.max(0, args.expiresAt.getTime() - args.now().getTime()) + 100);
  cleanups.push(() => clearInterval(heartbeat), () => clearTimeout(expiry));
  cleanups.push(await events.subscribe(args.codeHash, () => void refresh()));
  // A change between the first read and the subscription would otherwise be missed.
  await refresh();
}
