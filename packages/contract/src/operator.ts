import { z } from 'zod';
import { ok } from './envelope.ts';

/** Operators sign in to the back office with their own tokens (DESIGN section 7). */
export const operatorLoginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});

export const operatorInfo = z.object({ id: z.number().int(), username: z.string(), role: z.string() });

export const operatorLoginAnswer = operatorInfo.extend({ token: z.string(), expiresAt: z.string() });

export const operatorApi = {
  login: { path: '/admin/login', body: operatorLoginBody, response: ok(operatorLoginAnswer) },
  me: { path: '/admin/me', response: ok(operatorInfo) },
  logout: { path: '/admin/logout', response: ok(z.null()) },
} as const;
