import type { z } from 'zod';
import type { Endpoint } from './api.ts';
import type { jobAdminApi } from './jobs.ts';
import type { legacyApi } from './legacy.ts';
import type { loanAdminApi, loanApi } from './loan.ts';
import type { marketApi } from './market.ts';
import type { memberApi } from './member.ts';
import type { operatorApi } from './operator.ts';
import type { quantAdminApi, quantApi } from './quant.ts';
import type { settingsApi } from './settings.ts';
import type { walletAdminApi, walletApi } from './wallet.ts';

/**
 * Every api object of the contract, by type only: the web and admin apps call endpoints by key
 * (`'GET /wallet/balance'`) and get their input and answer types from here without shipping a
 * single schema. A domain adds its api objects to this list.
 */
type Calls<A> = A[keyof A];
type EndpointUnion =
  | Calls<typeof settingsApi>
  | Calls<typeof memberApi>
  | Calls<typeof legacyApi>
  | Calls<typeof operatorApi>
  | Calls<typeof marketApi>
  | Calls<typeof walletApi>
  | Calls<typeof walletAdminApi>
  | Calls<typeof quantApi>
  | Calls<typeof quantAdminApi>
  | Calls<typeof loanApi>
  | Calls<typeof loanAdminApi>
  | Calls<typeof jobAdminApi>;

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
