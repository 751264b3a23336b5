import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';
import { loginAnswer, userInfo } from './member.ts';

/** The older client's calls (docs/product.md section 7). */
export const aggregateStat = z.object({
  members: z.number().int(),
  markets: z.number().int(),
  currencies: z.number().int(),
  languages: z.number().int(),
});

export const legacyLoginBody = z.object({
  username: z.string().trim().min(1).max(254).describe('mail or phone number'),
  password: z.string().min(1).max(128),
});

export const tokenBody = z.object({ token: z.string().max(256).optional() }).nullish();
export const tokenQuery = z.object({ token: z.string().max(256).optional() });

export const legacyApi = {
  aggregateStat: {
    method: 'GET',
    path: '/aggregate/stat',
    access: 'public',
    summary: 'Public counts: members, markets, currencies, languages',
    response: ok(aggregateStat),
  },
  user: { method: 'GET', path: '/user', access: 'member', summary: 'The signed-in user', response: ok(userInfo) },
  login: {
    method: 'POST',
    path: '/user/login',
    access: 'public',
    summary: 'Log in with mail or phone as username',
    body: legacyLoginBody,
    response: ok(loginAnswer),
  },
  refresh: {
    method: 'PUT',
    path: '/user/login',
    access: 'public',
    summary: 'Refresh: a new token for a live one (header, body or query token), the old one ends',
    body: tokenBody,
    query: tokenQuery,
    response: ok(loginAnswer),
  },
  checkLogged: {
    method: 'GET',
    path: '/user/check_logged',
    access: 'public',
    summary: 'Whether a token is live (never whose)',
    query: tokenQuery,
    response: ok(z.object({ logged: z.boolean() })),
  },
} as const satisfies Api;
