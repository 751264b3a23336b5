import {
  AppstoreAddOutlined,
  AuditOutlined,
  BankOutlined,
  BlockOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DownloadOutlined,
  FileTextOutlined,
  FundOutlined,
  IdcardOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  PercentageOutlined,
  PictureOutlined,
  RiseOutlined,
  SettingOutlined,
  SolutionOutlined,
  StockOutlined,
  TeamOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  adjustmentApi,
  backOfficeApi,
  blocktradeAdminApi,
  chainAdminApi,
  contentAdminApi,
  type Endpoint,
  ipoAdminApi,
  jobAdminApi,
  kycAdminApi,
  loanAdminApi,
  marketAdminApi,
  memberAdminApi,
  noticeAdminApi,
  operatorAdminApi,
  quantAdminApi,
  roleAllows,
  supportAdminApi,
  tradeAdminApi,
  walletAdminApi,
} from '@soar/contract';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';

export type Page = LazyExoticComponent<ComponentType>;

/**
 * One page of the back office. `endpoint` is the call the page is built on: its roles (from the
 * contract, the ones the server enforces) decide who sees the entry and may open the page.
 */
export type MenuItem = {
  key: string;
  path: string;
  icon: ReactNode;
  endpoint: Pick<Endpoint, 'roles'>;
  page: Page;
  /** Pages under it (a detail page) share its permission and highlight it in the menu. */
  children?: { path: string; page: Page }[];
};
export type MenuGroup = { key: string; items: MenuItem[] };

/**
 * The side menu and the route table in one list: a domain adds its pages by adding files under
 * `features/<domain>/` and a line here (docs/admin.md). Labels are `menu.<key>`.
 */
export const menu: MenuGroup[] = [
  {
    key: 'overview',
    items: [
      {
        key: 'dashboard',
        path: '/',
        icon: <DashboardOutlined />,
        endpoint: backOfficeApi.dashboard,
        page: lazy(() => import('../features/dashboard/dashboard-page.tsx')),
      },
    ],
  },
  {
    key: 'reviews',
    items: [
      {
        key: 'deposits',
        path: '/deposits',
        icon: <DownloadOutlined />,
        endpoint: walletAdminApi.depositList,
        page: lazy(() => import('../features/deposits/deposit-queue-page.tsx')),
      },
      {
        key: 'withdrawals',
        path: '/withdrawals',
        icon: <UploadOutlined />,
        endpoint: walletAdminApi.withdrawList,
        page: lazy(() => import('../features/withdrawals/withdraw-queue-page.tsx')),
      },
      {
        key: 'chain',
        path: '/chain',
        icon: <NodeIndexOutlined />,
        endpoint: chainAdminApi.status,
        page: lazy(() => import('../features/chain/chain-page.tsx')),
      },
      {
        key: 'orders',
        path: '/orders',
        icon: <BlockOutlined />,
        endpoint: tradeAdminApi.orderList,
        page: lazy(() => import('../features/orders/order-queue-page.tsx')),
      },
      {
        key: 'adjustments',
        path: '/adjustments',
        icon: <CheckSquareOutlined />,
        endpoint: adjustmentApi.list,
        page: lazy(() => import('../features/adjustments/adjustments-page.tsx')),
      },
      {
        key: 'kyc',
        path: '/kyc',
        icon: <IdcardOutlined />,
        endpoint: kycAdminApi.list,
        page: lazy(() => import('../features/identity/kyc-queue-page.tsx')),
      },
      {
        key: 'support',
        path: '/support',
        icon: <CustomerServiceOutlined />,
        endpoint: supportAdminApi.conversations,
        page: lazy(() => import('../features/identity/support-console-page.tsx')),
      },
      {
        key: 'loans',
        path: '/loans',
        icon: <SolutionOutlined />,
        endpoint: loanAdminApi.list,
        page: lazy(() => import('../features/loans/loan-queue-page.tsx')),
      },
    ],
  },
  {
    key: 'products',
    items: [
      {
        key: 'funds',
        path: '/funds',
        icon: <FundOutlined />,
        endpoint: quantAdminApi.list,
        page: lazy(() => import('../features/funds/funds-page.tsx')),
      },
      {
        key: 'loanProducts',
        path: '/loan-products',
        icon: <CreditCardOutlined />,
        endpoint: loanAdminApi.productList,
        page: lazy(() => import('../features/loans/loan-products-page.tsx')),
      },
      {
        key: 'instruments',
        path: '/instruments',
        icon: <StockOutlined />,
        endpoint: marketAdminApi.instrumentList,
        page: lazy(() => import('../features/instruments/instruments-page.tsx')),
      },
      {
        key: 'fees',
        path: '/fees',
        icon: <PercentageOutlined />,
        endpoint: tradeAdminApi.feeList,
        page: lazy(() => import('../features/fees/fees-page.tsx')),
      },
      {
        key: 'ipo',
        path: '/ipo',
        icon: <RiseOutlined />,
        endpoint: ipoAdminApi.list,
        page: lazy(() => import('../features/ipo/ipo-page.tsx')),
      },
      {
        key: 'blockOffers',
        path: '/block-offers',
        icon: <AppstoreAddOutlined />,
        endpoint: blocktradeAdminApi.list,
        page: lazy(() => import('../features/blocktrade/block-offers-page.tsx')),
      },
    ],
  },
  {
    key: 'people',
    items: [
      {
        key: 'members',
        path: '/members',
        icon: <UserOutlined />,
        endpoint: memberAdminApi.list,
        page: lazy(() => import('../features/members/members-page.tsx')),
        children: [{ path: '/members/:uid', page: lazy(() => import('../features/members/member-detail-page.tsx')) }],
      },
    ],
  },
  {
    key: 'content',
    items: [
      {
        key: 'news',
        path: '/news',
        icon: <FileTextOutlined />,
        endpoint: contentAdminApi.newsList,
        page: lazy(() => import('../features/content/news-page.tsx')),
      },
      {
        key: 'banners',
        path: '/banners',
        icon: <PictureOutlined />,
        endpoint: contentAdminApi.bannerList,
        page: lazy(() => import('../features/content/banners-page.tsx')),
      },
      {
        key: 'announcements',
        path: '/announcements',
        icon: <NotificationOutlined />,
        endpoint: noticeAdminApi.list,
        page: lazy(() => import('../features/identity/announcements-page.tsx')),
      },
    ],
  },
  {
    key: 'system',
    items: [
      {
        key: 'depositChannels',
        path: '/deposit-channels',
        icon: <BankOutlined />,
        endpoint: walletAdminApi.depositChannelList,
        page: lazy(() => import('../features/deposit-channels/deposit-channels-page.tsx')),
      },
      {
        key: 'settings',
        path: '/settings',
        icon: <SettingOutlined />,
        endpoint: backOfficeApi.settings,
        page: lazy(() => import('../features/settings/settings-page.tsx')),
      },
      {
        key: 'operators',
        path: '/operators',
        icon: <TeamOutlined />,
        endpoint: operatorAdminApi.list,
        page: lazy(() => import('../features/operators/operators-page.tsx')),
      },
      {
        key: 'jobs',
        path: '/jobs',
        icon: <ClockCircleOutlined />,
        endpoint: jobAdminApi.list as Endpoint,
        page: lazy(() => import('../features/jobs/jobs-page.tsx')),
      },
      {
        key: 'audit',
        path: '/audit',
        icon: <AuditOutlined />,
        endpoint: walletAdminApi.auditList,
        page: lazy(() => import('../features/audit/audit-page.tsx')),
      },
    ],
  },
];

/** The menu as the role sees it: only pages it may open, empty groups left out. */
export function menuFor(role: string): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, items: group.items.filter((item) => roleAllows(item.endpoint, role)) }))
    .filter((group) => group.items.length > 0);
}
