import type { z } from 'zod';

type Method = 'GET' | 'POST';

/** A file that travels instead of JSON: the media types it may come as, and what it is. */
export interface FileSpec {
  types: readonly string[];
  description: string;
  /** Shown in place (an image for an <img>), not saved as an attachment: no file name. */
  inline?: boolean;
}

/**
 * One endpoint of the HTTP API: its method, path and the schemas of what goes in and what comes
 * back in `data`. The server registers routes from these; the web client calls them through their
 * `Call` (below), so neither side writes an API type by hand.
 */
export interface Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TData extends z.ZodType = z.ZodType,
  TMethod extends Method = Method,
  TPath extends string = string,
> {
  method: TMethod;
  path: TPath;
  summary: string;
  body?: TBody;
  query?: TQuery;
  data: TData;
  /** The request body is this file itself (an import), not JSON. */
  upload?: FileSpec;
  /** The answer is this file (an attachment) instead of the envelope; a refusal is still an envelope. */
  download?: FileSpec;
}

// Pure, so that a bundle which never reads an endpoint's schemas drops the whole definition
// (the web app builds with zod's `z.*` marked pure as well; see apps/web/vite.config.ts).
/*#__NO_SIDE_EFFECTS__*/
export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TData extends z.ZodType = z.ZodType,
  TMethod extends Method = Method,
  TPath extends string = string,
>(e: Endpoint<TBody, TQuery, TData, TMethod, TPath>): Endpoint<TBody, TQuery, TData, TMethod, TPath> {
  return e;
}

/**
 * What a client needs to call an endpoint at run time – method and path – typed by the endpoint
 * it stands for. It holds no schema, so a bundle that imports only calls builds no schema and
 * carries no zod (the web app's first load). `__endpoint` exists for the type checker only.
 */
export interface Call<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly __endpoint?: E;
}

/**
 * The call of endpoint `E`, declared beside it: `callOf<typeof getPoll>('GET', '/v1/polls/:id')`.
 * A method or path that differs from the endpoint's does not compile.
 */
/*#__NO_SIDE_EFFECTS__*/
export function callOf<E extends Endpoint>(method: E['method'], path: E['path']): Call<E> {
  return { method, path };
}

type Infer<T> = T extends z.ZodType ? z.input<T> : never;
type Of<E> = E extends Endpoint ? E : E extends Call<infer Inner> ? Inner : never;
export type EndpointBody<E> = Of<E> extends Endpoint<infer B, z.ZodType | undefined, z.ZodType> ? Infer<B> : never;
export type EndpointQuery<E> = Of<E> extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType> ? Infer<Q> : never;
export type EndpointData<E> = Of<E> extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never;
