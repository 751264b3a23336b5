import { z } from 'zod';
import { type Api, operatorRoles } from './api.ts';
import { ok } from './envelope.ts';

/** Operators sign in to the back office with their own tokens (DESIGN section 7). */
export const operatorLoginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});

export const operatorInfo = z.object({ id: z.number().int(), username: z.string(), role: z.enum(operatorRoles) });

export const operatorLoginAnswer = operatorInfo.extend({ token: z.string(), expiresAt: z.string() });

export const operatorApi = {
  login: {
    method: 'POST',
    path: '/admin/login',
    access: 'public',
    summary: 'Operator login',
    body: operatorLoginBody,
    response: ok(operatorLoginAnswer),
  },
  me: {
    method: 'GET',
    path: '/admin/me',
    access: 'operator',
    roles: operatorRoles,
    summary: 'The signed-in operator',
    response: ok(operatorInfo),
  },
  logout: {
    method: 'POST',
    path: '/admin/logout',
    access: 'operator',
    roles: operatorRoles,
    summary: 'End this operator session',
    response: ok(z.null()),
  },
} as const satisfies Api;
