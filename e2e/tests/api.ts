import { type APIRequestContext, expect } from '@playwright/test';
import { ownAddress } from './mail.ts';

export type Envelope<T> = { data: T };

/** One API call that must answer 200, from an address of its own; its `data`. */
export async function call<T>(
  api: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  token: string,
  data?: unknown,
) {
  const response = await api[method](`/api/v1/${url}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...ownAddress() },
    data,
  });
  expect(response.status(), `${url} ${await response.text()}`).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

export type Operator = {
  token: string;
  info: { id: number; username: string; role: string; totpEnabled: boolean; totpRequired: boolean };
};

/** The seeded demo operators of development (README). */
export const operators = {
  admin: { username: 'admin', password: 'admin1234' },
  finance: { username: 'finance', password: 'finance1234' },
  trading: { username: 'trading', password: 'trading1234' },
  compliance: { username: 'compliance', password: 'compliance1234' },
  support: { username: 'support', password: 'support1234' },
} as const;

const sessions = new Map<string, Operator>();

/**
 * One API login per operator and worker: logins are rate-limited per address (20 a minute), and
 * every spec of the run shares 127.0.0.1.
 */
export async function operatorSession(api: APIRequestContext, who: keyof typeof operators): Promise<Operator> {
  const cached = sessions.get(who);
  if (cached) return cached;
  const response = await api.post('/api/v1/admin/login', { data: operators[who] });
  expect(response.status(), await response.text()).toBe(200);
  const {
    token,
    expiresAt: _expires,
    ...info
  } = ((await response.json()) as Envelope<Operator['info'] & { token: string; expiresAt: string }>).data;
  const session = { token, info };
  sessions.set(who, session);
  return session;
}
