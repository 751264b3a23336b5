import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';

const root = new URL('../../', import.meta.url);

export type RouteInfo = { path: string; title: string; needLogin: boolean; tab: boolean };

/** The web app's route table, read from its source so the tests follow it. */
export const routes: RouteInfo[] = readFileSync(new URL('apps/web/src/app/routes.ts', root), 'utf8')
  .split(/\n {2}\{\n/)
  .slice(1)
  .flatMap((block) => {
    const path = block.match(/path: '([^']+)'/)?.[1];
    const title = block.match(/title: '([^']+)'/)?.[1];
    if (!path || !title) return [];
    return [{ path, title, needLogin: /needLogin: true/.test(block), tab: /\btab: '/.test(block) }];
  });

type Catalog = { [key: string]: string | Catalog };
const english = JSON.parse(readFileSync(new URL('packages/i18n/src/locales/shell/en.json', root), 'utf8')) as Catalog;

/** The English text of a shell key. */
export function en(key: string): string {
  let node: string | Catalog | undefined = english;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English text for ${key}`);
  return node;
}

/**
 * A stored session, as the session store persists it, so needLogin pages open. The token is the
 * demo member's (development seed): a made-up token gets 401 from start-up's profile call, which
 * logs out.
 */
export async function loggedIn(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/member/login', { data: { mail: 'demo@soar.local', password: 'demo1234' } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return JSON.stringify({ state: { token, userInfo: { uid: 'E2E' }, isLogined: true }, version: 0 });
}
