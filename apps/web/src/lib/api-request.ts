import type { Call, Endpoint, EndpointBody, EndpointQuery } from '@sq/contract/endpoint';

type RawInput<E> = EndpointBody<E> | EndpointQuery<E>;
/** `{id: string}` for '/v1/board/posts/:id': the parameters a path template names. */
type PathParams<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : unknown;
type PathOf<E> = E extends Endpoint ? E['path'] : E extends Call<infer Inner> ? Inner['path'] : never;
type Params<E> = PathParams<PathOf<E>>;
/**
 * What a caller passes: the endpoint's body (POST) or query (GET), with the path's parameters
 * (`:id`) – required even where a contract does not list them; nothing when there is none of these.
 */
export type ApiInput<E> = [RawInput<E>] extends [never]
  ? unknown extends Params<E>
    ? undefined
    : Params<E>
  : RawInput<E> & Params<E>;

export interface ApiRequest {
  url: string;
  init: RequestInit;
}

type Fields = Record<string, unknown>;
const PARAM = /\{(\w+)\}|:(\w+)/g;

/** Fills `{id}` / `:id` in the path from the input; the used fields are not sent again. */
function fillPath(path: string, input: Fields): { path: string; rest: Fields } {
  const rest = { ...input };
  const filled = path.replace(PARAM, (_m, braced?: string, colon?: string) => {
    const name = (braced ?? colon) as string;
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: missing path parameter ${name}`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

function queryString(fields: Fields): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The fetch arguments for one call (spec §7): POST sends JSON with `token` in the body, GET sends
 * the input as query and `token` as a header. A null token sends none (the spec's noLogin).
 */
export function buildRequest(endpoint: Call, input: unknown, token: string | null, base = '', file?: Blob): ApiRequest {
  const fields: Fields = typeof input === 'object' && input !== null ? (input as Fields) : {};
  const { path, rest } = fillPath(endpoint.path, fields);
  // The caller's own `token` field was already weighed in `token`; it never travels twice.
  const { token: _callerToken, ...payload } = rest;
  const headers: Record<string, string> = { Accept: 'application/json' };

  if (endpoint.method === 'GET') {
    if (token) headers.token = token;
    return { url: base + path + queryString(payload), init: { method: 'GET', headers } };
  }
  // An upload (the register import): the file is the body, so the fields travel as query.
  if (file) {
    if (token) headers.token = token;
    headers['Content-Type'] = file.type || 'application/octet-stream';
    return { url: base + path + queryString(payload), init: { method: 'POST', headers, body: file } };
  }
  headers['Content-Type'] = 'application/json';
  return {
    url: base + path,
    init: { method: 'POST', headers, body: JSON.stringify(token ? { ...payload, token } : payload) },
  };
}

/** A token the caller put in the body itself, which the spec honours after the native one. */
export function callerToken(input: unknown): string | null {
  const token = typeof input === 'object' && input !== null ? (input as Fields).token : undefined;
  return typeof token === 'string' && token !== '' ? token : null;
}
