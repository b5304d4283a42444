import type { EndpointData } from '@sq/contract/endpoint';
import { codeEventsCall, type codeEvents } from '@sq/contract/pass/code-events';
import { buildRequest } from '../../../lib/api-request';
import { currentToken } from '../../../lib/session';

type CodeState = EndpointData<typeof codeEvents>;

const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, '');

/** Splits a server-sent-event buffer into complete events; the unfinished tail is kept. */
export function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    return data.length ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest };
}

/**
 * Listens to the code's push channel (GET /v1/userCard/codeEvents), so the greeting appears the
 * moment the gate scans rather than at the next 2-second poll. Through fetch, because the token
 * travels in a header (EventSource cannot send one). Resolves when the stream ends; any failure
 * just ends it — the poll carries on regardless.
 */
export async function watchCodeEvents(poiId: string, code: string, onState: (state: CodeState) => void, signal: AbortSignal): Promise<void> {
  const { url, init } = buildRequest(codeEventsCall, { poiId, code }, currentToken(), API_BASE);
  const headers = { ...(init.headers as Record<string, string>), Accept: 'text/event-stream' };
  try {
    const response = await fetch(url, { ...init, headers, signal });
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const parsed = parseEvents(buffer + value);
      buffer = parsed.rest;
      for (const e of parsed.events) if (e.event === 'codeInfo') onState(JSON.parse(e.data) as CodeState);
    }
  } catch {
    // Offline, aborted or cut by a proxy: polling still answers.
  }
}
