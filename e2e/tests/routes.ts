import { readdirSync, readFileSync } from 'node:fs';
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
const locales = new URL('packages/i18n/src/locales/', root);
/** Every namespace's English catalog: a page title may live in its domain's namespace. */
const english: Catalog[] = readdirSync(locales).map(
  (namespace) => JSON.parse(readFileSync(new URL(`${namespace}/en.json`, locales), 'utf8')) as Catalog,
);

/** The English text of a key, from whichever namespace holds it. */
export function en(key: string): string {
  for (const catalog of english) {
    let node: string | Catalog | undefined = catalog;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') return node;
  }
  throw new Error(`no English text for ${key}`);
}

/**
 * A stored session of the demo member (NODE_ENV=development seeds it), as the session store
 * persists it, so needLogin pages open. A real token: pages that call member APIs with it get
 * answers, not a 401 that logs out.
 */
export async function demoSession(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/member/login', {
    data: { mail: 'demo@soar.local', password: 'demo1234' },
  });
  if (!response.ok()) throw new Error(`demo login: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; uid: string } };
  return JSON.stringify({ state: { token: data.token, userInfo: { uid: data.uid }, isLogined: true }, version: 0 });
}
