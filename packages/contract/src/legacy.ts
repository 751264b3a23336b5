import { z } from 'zod';
import { ok } from './envelope.ts';
import { loginAnswer, userInfo } from './member.ts';

/** The older client's calls (SPEC section 7). */
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
  aggregateStat: { path: '/aggregate/stat', response: ok(aggregateStat) },
  user: { path: '/user', response: ok(userInfo) },
  login: { path: '/user/login', body: legacyLoginBody, response: ok(loginAnswer) },
  refresh: { path: '/user/login', body: tokenBody, querystring: tokenQuery, response: ok(loginAnswer) },
  checkLogged: { path: '/user/check_logged', querystring: tokenQuery, response: ok(z.object({ logged: z.boolean() })) },
} as const;
