import type { z } from 'zod';
import type { Endpoint } from './api.ts';
import type { apis } from './registry.ts';

/**
 * Every endpoint of the contract (`registry.ts`), by type only: the web and admin apps call
 * endpoints by key (`'GET /wallet/balance'`) and get their input and answer types from here
 * without shipping a single schema.
 */
type Apis = typeof apis;
type EndpointUnion = { [Name in keyof Apis]: Apis[Name][keyof Apis[Name]] }[keyof Apis];

/** `'GET /wallet/balance'`: the method and the path under /api/v1. */
export type ApiKey = EndpointUnion extends infer E
  ? E extends Endpoint
    ? `${E['method']} ${E['path']}`
    : never
  : never;

export type EndpointOf<K extends ApiKey> = K extends `${infer M} ${infer P}`
  ? Extract<EndpointUnion, { method: M; path: P }>
  : never;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call sends: `query` and `body` where the endpoint has them. */
export type ApiInput<K extends ApiKey> = (EndpointOf<K> extends { query: z.ZodType }
  ? { query: InputOf<EndpointOf<K>['query']> }
  : { query?: never }) &
  (EndpointOf<K> extends { body: z.ZodType } ? { body: InputOf<EndpointOf<K>['body']> } : { body?: never });

/** The `data` of the success envelope. */
export type ApiData<K extends ApiKey> = z.output<EndpointOf<K>['response']> extends { data: infer D } ? D : never;

/** Whether a call must send something (a query or a body). */
export type ApiNeedsInput<K extends ApiKey> =
  EndpointOf<K> extends { query: z.ZodType } | { body: z.ZodType } ? true : false;
