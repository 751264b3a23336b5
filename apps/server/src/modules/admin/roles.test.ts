import { type OperatorRole, operatorEndpoints, operatorRoles } from '@soar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessions } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { createOperator } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
const operatorIds = new Map<OperatorRole, number>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of operatorRoles) operatorIds.set(role, (await createOperator(t.app, { role })).operator.id);
});
afterAll(() => t.close());

/** A fresh session per call, so a call that ends its session (logout) cannot affect the next. */
async function tokenOf(role: OperatorRole): Promise<string> {
  const token = newToken();
  await t.app.db.insert(operatorSessions).values({
    operatorId: operatorIds.get(role) ?? 0,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 60_000),
  });
  return token;
}

const cases = operatorEndpoints().flatMap(({ name, key, endpoint }) =>
  operatorRoles.map((role) => ({
    call: `${name}.${key} ${endpoint.method} ${endpoint.path}`,
    role,
    endpoint,
    allowed: role === 'admin' || (endpoint.roles ?? []).includes(role),
  })),
);

describe('every operator call of the contract, for every role', () => {
  it('lists the back office calls', () => {
    expect(cases.length).toBeGreaterThan(40 * operatorRoles.length);
  });

  // Without a query or a body the allowed calls fail validation or answer, never 403; the guard
  // refuses the others before any validation.
  it.each(cases)('$call as $role: allowed $allowed', async ({ role, endpoint, allowed }) => {
    const response = await t.app.inject({
      method: endpoint.method,
      url: `/api/v1${endpoint.path}`,
      headers: { authorization: `Bearer ${await tokenOf(role)}`, 'content-type': 'application/json' },
      ...(endpoint.method === 'GET' ? {} : { payload: '{}' }),
    });
    expect(response.json().code, 'the server registers the call').not.toBe('ROUTE_NOT_FOUND');
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (allowed) expect(response.json().code, response.body).not.toBe('FORBIDDEN');
    else expect([response.statusCode, response.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});
