import type { z } from 'zod';

/**
 * Operator roles (docs/admin.md): `admin` may call everything; every other operator call names the
 * roles that may call it in its endpoint, and the server refuses the rest with 403.
 */
export const operatorRoles = ['admin', 'finance', 'compliance', 'trading', 'support'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export type Method = 'GET' | 'POST' | 'PUT';

/**
 * One call of the API: the single declaration the server registers (method, path, guard,
 * validation, serialisation, OpenAPI) and the web and admin apps type their calls from.
 * `access`: `public` needs nothing, `member` a member token, `operator` an operator token whose
 * role is `admin` or one of `roles`.
 */
export type Endpoint = {
  readonly method: Method;
  readonly path: string;
  readonly access: 'public' | 'member' | 'operator';
  readonly roles?: readonly OperatorRole[];
  readonly summary?: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Money-moving calls take an optional `Idempotency-Key` header (docs/ledger.md). */
  readonly idempotent?: boolean;
  /**
   * An operator call that an operator who must still enrol a second factor may make (sign-in
   * state, enrolment, logout); every other operator call waits for the enrolment (docs/admin.md).
   */
  readonly beforeTotp?: boolean;
  /** A file answer (`download()` on the web), not the JSON envelope: its content type. */
  readonly download?: 'text/csv' | 'application/pdf';
  /** The success envelope `ok(data)`, or for a download the file. */
  readonly response: z.ZodType;
};

export type Api = Record<string, Endpoint>;

/** Whether an operator of `role` may call `endpoint`: admin always, others when listed. */
export function roleAllows(endpoint: Pick<Endpoint, 'roles'>, role: string): boolean {
  return role === 'admin' || (endpoint.roles ?? []).includes(role as OperatorRole);
}
