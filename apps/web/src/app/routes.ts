import type { ComponentType } from 'react';
import { marketsReachBottomDistance } from '../shared/constants.ts';
import { guardLoginPath } from '../shared/navigation.ts';
import type { PageProps } from '../shared/page.ts';

export type Layout = 'auth' | 'default' | 'demo' | 'plain';
export type Tool = 'search' | 'language' | 'customer' | 'notice' | 'setting';
export type TabKey = 'home' | 'markets' | 'watchlists' | 'trade' | 'profile';

export type PageModule = { Page: ComponentType<PageProps> };

export type RouteEntry = {
  path: string;
  /** i18n key of the page title: the path with dots (`pages.deposit.index`). */
  title: string;
  layout: Layout;
  /** Set on the five tab pages: they show the tab bar and stay mounted once visited. */
  tab?: TabKey;
  /** A guest is sent to the login page with a redirect back (docs/product.md section 2, route guard). */
  needLogin: boolean;
  /** Top-bar tools of the default layout. */
  tools: Tool[];
  /** Other paths that show this page. */
  aliases?: string[];
  /** Distance in px from the end of the scroll area at which `useReachBottom` fires. */
  reachBottom?: number;
  /** One lazily loaded file per route, mirroring its path. */
  load: () => Promise<PageModule>;
};

/**
 * docs/product.md section 2: every route of the product. needLogin is set on every page that shows a user's
 * own money, orders or data; the spec leaves the flags open ("no page is currently flagged").
 */
export const routes: RouteEntry[] = [
  {
    path: '/',
    title: 'pages.main.home.index',
    layout: 'plain',
    tab: 'home',
    needLogin: false,
    tools: [],
    aliases: ['/pages/main/home/index'],
    load: () => import('../pages/main/home/index.tsx'),
  },
  {
    path: '/pages/main/market/index',
    title: 'pages.main.market.index',
    layout: 'default',
    tab: 'markets',
    needLogin: false,
    tools: ['search', 'language', 'customer', 'notice', 'setting'],
    reachBottom: marketsReachBottomDistance,
    load: () => import('../pages/main/market/index.tsx'),
  },
  {
    path: '/pages/main/watchlist/index',
    title: 'pages.main.watchlist.index',
    layout: 'default',
    tab: 'watchlists',
    needLogin: false,
    tools: ['search', 'language', 'customer', 'notice', 'setting'],
    load: () => import('../pages/main/watchlist/index.tsx'),
  },
  {
    path: '/pages/main/trade/index',
    title: 'pages.main.trade.index',
    layout: 'default',
    tab: 'trade',
    needLogin: false,
    tools: ['search', 'language', 'customer', 'notice', 'setting'],
    load: () => import('../pages/main/trade/index.tsx'),
  },
  {
    path: '/pages/main/profile/index',
    title: 'pages.main.profile.index',
    layout: 'default',
    tab: 'profile',
    needLogin: false,
    tools: ['language', 'customer', 'notice', 'setting'],
    load: () => import('../pages/main/profile/index.tsx'),
  },
  {
    path: '/pages/main/watchlist/manage',
    title: 'pages.main.watchlist.manage',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/main/watchlist/manage.tsx'),
  },
  {
    path: '/pages/auth/login',
    title: 'pages.auth.login',
    layout: 'auth',
    needLogin: false,
    tools: [],
    aliases: [guardLoginPath],
    load: () => import('../pages/auth/login.tsx'),
  },
  {
    path: '/pages/auth/register',
    title: 'pages.auth.register',
    layout: 'auth',
    needLogin: false,
    tools: [],
    load: () => import('../pages/auth/register.tsx'),
  },
  {
    path: '/pages/auth/resetpwd',
    title: 'pages.auth.resetpwd',
    layout: 'auth',
    needLogin: false,
    tools: [],
    load: () => import('../pages/auth/resetpwd.tsx'),
  },
  {
    path: '/pages/borrow/index',
    title: 'pages.borrow.index',
    layout: 'default',
    needLogin: false,
    tools: ['customer'],
    load: () => import('../pages/borrow/index.tsx'),
  },
  {
    path: '/pages/borrow/detail',
    title: 'pages.borrow.detail',
    layout: 'default',
    needLogin: true,
    tools: ['customer'],
    load: () => import('../pages/borrow/detail.tsx'),
  },
  {
    path: '/pages/borrow/history',
    title: 'pages.borrow.history',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/borrow/history.tsx'),
  },
  {
    path: '/pages/card/crypto',
    title: 'pages.card.crypto',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/card/crypto.tsx'),
  },
  {
    path: '/pages/deposit/index',
    title: 'pages.deposit.index',
    layout: 'default',
    needLogin: true,
    tools: ['customer'],
    load: () => import('../pages/deposit/index.tsx'),
  },
  {
    path: '/pages/deposit/card',
    title: 'pages.deposit.card',
    layout: 'default',
    needLogin: true,
    tools: ['customer'],
    load: () => import('../pages/deposit/card.tsx'),
  },
  {
    path: '/pages/deposit/custom',
    title: 'pages.deposit.custom',
    layout: 'default',
    needLogin: true,
    tools: ['customer'],
    load: () => import('../pages/deposit/custom.tsx'),
  },
  {
    path: '/pages/deposit/record',
    title: 'pages.deposit.record',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/deposit/record.tsx'),
  },
  {
    path: '/pages/deposit/wallet',
    title: 'pages.deposit.wallet',
    layout: 'default',
    needLogin: true,
    tools: ['customer'],
    load: () => import('../pages/deposit/wallet.tsx'),
  },
  {
    path: '/pages/withdraw/crypto',
    title: 'pages.withdraw.crypto',
    layout: 'default',
    needLogin: true,
    tools: ['customer'],
    load: () => import('../pages/withdraw/crypto.tsx'),
  },
  {
    path: '/pages/history/record',
    title: 'pages.history.record',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/history/record.tsx'),
  },
  {
    path: '/pages/kycverify/index',
    title: 'pages.kycverify.index',
    layout: 'default',
    needLogin: true,
    tools: ['customer'],
    load: () => import('../pages/kycverify/index.tsx'),
  },
  {
    path: '/pages/kycverify/idcard',
    title: 'pages.kycverify.idcard',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/kycverify/idcard.tsx'),
  },
  {
    path: '/pages/kycverify/passport',
    title: 'pages.kycverify.passport',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/kycverify/passport.tsx'),
  },
  {
    path: '/pages/news/detail',
    title: 'pages.news.detail',
    layout: 'default',
    needLogin: false,
    tools: ['language'],
    load: () => import('../pages/news/detail.tsx'),
  },
  {
    path: '/pages/payment/stock',
    title: 'pages.payment.stock',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/payment/stock.tsx'),
  },
  {
    path: '/pages/payment/newstock',
    title: 'pages.payment.newstock',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/payment/newstock.tsx'),
  },
  {
    path: '/pages/product/blocktrade',
    title: 'pages.product.blocktrade',
    layout: 'default',
    needLogin: false,
    tools: ['search', 'customer'],
    load: () => import('../pages/product/blocktrade.tsx'),
  },
  {
    path: '/pages/product/newstock',
    title: 'pages.product.newstock',
    layout: 'default',
    needLogin: false,
    tools: ['search', 'customer'],
    load: () => import('../pages/product/newstock.tsx'),
  },
  {
    path: '/pages/product/popular',
    title: 'pages.product.popular',
    layout: 'default',
    needLogin: false,
    tools: ['search'],
    load: () => import('../pages/product/popular.tsx'),
  },
  {
    path: '/pages/profile/alerts',
    title: 'pages.profile.alerts',
    layout: 'default',
    needLogin: true,
    tools: ['notice'],
    load: () => import('../pages/profile/alerts.tsx'),
  },
  {
    path: '/pages/profile/performance',
    title: 'pages.profile.performance',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/profile/performance.tsx'),
  },
  {
    path: '/pages/profile/statements',
    title: 'pages.profile.statements',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/profile/statements.tsx'),
  },
  {
    path: '/pages/profile/transcation',
    title: 'pages.profile.transcation',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/profile/transcation.tsx'),
  },
  {
    path: '/pages/profile/transfer',
    title: 'pages.profile.transfer',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/profile/transfer.tsx'),
  },
  {
    path: '/pages/quantify/index',
    title: 'pages.quantify.index',
    layout: 'default',
    needLogin: false,
    tools: ['customer'],
    load: () => import('../pages/quantify/index.tsx'),
  },
  {
    path: '/pages/quantify/list',
    title: 'pages.quantify.list',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/quantify/list.tsx'),
  },
  {
    path: '/pages/quantify/history',
    title: 'pages.quantify.history',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/quantify/history.tsx'),
  },
  {
    path: '/pages/quantify/bak',
    title: 'pages.quantify.bak',
    layout: 'default',
    needLogin: false,
    tools: [],
    load: () => import('../pages/quantify/bak.tsx'),
  },
  {
    path: '/pages/quote/gin',
    title: 'pages.quote.gin',
    layout: 'default',
    needLogin: false,
    tools: ['search'],
    load: () => import('../pages/quote/gin.tsx'),
  },
  {
    path: '/pages/quote/globalindex',
    title: 'pages.quote.globalindex',
    layout: 'default',
    needLogin: false,
    tools: ['search'],
    load: () => import('../pages/quote/globalindex.tsx'),
  },
  {
    path: '/pages/quote/in',
    title: 'pages.quote.in',
    layout: 'default',
    needLogin: false,
    tools: ['search'],
    load: () => import('../pages/quote/in.tsx'),
  },
  {
    path: '/pages/quote/stock',
    title: 'pages.quote.stock',
    layout: 'default',
    needLogin: false,
    tools: ['search'],
    load: () => import('../pages/quote/stock.tsx'),
  },
  {
    path: '/pages/search/index',
    title: 'pages.search.index',
    layout: 'default',
    needLogin: false,
    tools: [],
    load: () => import('../pages/search/index.tsx'),
  },
  {
    path: '/pages/setting/index',
    title: 'pages.setting.index',
    layout: 'default',
    needLogin: false,
    tools: ['language', 'customer'],
    load: () => import('../pages/setting/index.tsx'),
  },
  {
    path: '/pages/setting/password',
    title: 'pages.setting.password',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/setting/password.tsx'),
  },
  {
    path: '/pages/setting/passkeys',
    title: 'pages.setting.passkeys',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/setting/passkeys.tsx'),
  },
  {
    path: '/pages/setting/notifications',
    title: 'notifications.title',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/setting/notifications.tsx'),
  },
  {
    path: '/pages/setting/unsubscribe',
    title: 'notifications.unsubscribe.title',
    layout: 'default',
    needLogin: false,
    tools: [],
    load: () => import('../pages/setting/unsubscribe.tsx'),
  },
  {
    path: '/pages/session/revoke',
    title: 'account.signIn.rTitle',
    layout: 'default',
    needLogin: false,
    tools: [],
    load: () => import('../pages/session/revoke.tsx'),
  },
  {
    path: '/pages/setting/paypwd',
    title: 'pages.setting.paypwd',
    layout: 'default',
    needLogin: true,
    tools: [],
    load: () => import('../pages/setting/paypwd.tsx'),
  },
  {
    path: '/pages/webview/index',
    title: 'pages.webview.index',
    layout: 'demo',
    needLogin: false,
    tools: [],
    load: () => import('../pages/webview/index.tsx'),
  },
];

/** docs/product.md section 2: the tabs, in the table's order (the spec's), labelled `tabbar.<key>`. */
export const tabRoutes = routes.filter((route): route is RouteEntry & { tab: TabKey } => route.tab !== undefined);

/**
 * The title key of the page an in-app address opens (`/pages/deposit/index?type=crypto` ->
 * `pages.deposit.index`), by the table above; undefined for an address no route has.
 */
export function routeTitleOf(address: string): string | undefined {
  const path = address.split(/[?#]/)[0];
  return routes.find((route) => route.path === path || route.aliases?.includes(path ?? ''))?.title;
}
