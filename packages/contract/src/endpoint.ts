import type { z } from 'zod';

/**
 * One endpoint of the HTTP API: its method, path and the schemas of what goes in and what comes
 * back in `data`. The server registers routes from these and the web client calls through them,
 * so neither side writes an API type by hand.
 */
export interface Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TData extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  body?: TBody;
  query?: TQuery;
  data: TData;
}

export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TData extends z.ZodType = z.ZodType,
>(e: Endpoint<TBody, TQuery, TData>): Endpoint<TBody, TQuery, TData> {
  return e;
}

type Infer<T> = T extends z.ZodType ? z.input<T> : never;
export type EndpointBody<E> = E extends Endpoint<infer B, z.ZodType | undefined, z.ZodType> ? Infer<B> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType> ? Infer<Q> : never;
export type EndpointData<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never;
