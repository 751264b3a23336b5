import { type Endpoint, roleAllows } from '@soar/contract';
import { Result, Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { useSession } from '../shared/session.ts';
import { menu, type Page } from './menu.tsx';
import { NotFound } from './not-found.tsx';
import { PageError } from './page-error.tsx';
import { Shell } from './shell.tsx';

const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const AccountPage = lazy(() => import('../features/auth/account-page.tsx'));

export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/** A page the role may not open shows 403 (the server refuses its calls anyway). */
function RoleGate({ endpoint, children }: { endpoint: Pick<Endpoint, 'roles'>; children: ReactNode }) {
  const { t } = useTranslation();
  const role = useSession((state) => state.operator?.role);
  if (!role || !roleAllows(endpoint, role)) {
    return <Result status="403" title="403" subTitle={t('common.forbidden')} />;
  }
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

function pageRoute(path: string, endpoint: Pick<Endpoint, 'roles'>, PageComponent: Page): RouteObject {
  const element = (
    <RoleGate endpoint={endpoint}>
      <PageComponent />
    </RoleGate>
  );
  const errorElement = <PageError />;
  return path === '/' ? { index: true, element, errorElement } : { path: path.slice(1), element, errorElement };
}

const pages: RouteObject[] = menu.flatMap((group) =>
  group.items.flatMap((item) => [
    pageRoute(item.path, item.endpoint, item.page),
    ...(item.children ?? []).map((child) => pageRoute(child.path, item.endpoint, child.page)),
  ]),
);

export const router = createBrowserRouter(
  [
    {
      path: '/login',
      element: (
        <Suspense fallback={<PageLoading />}>
          <LoginPage />
        </Suspense>
      ),
      errorElement: <PageError />,
    },
    {
      path: '/',
      element: <Shell />,
      // Only when the shell itself fails: a page's own failure stays inside the shell (pageRoute).
      errorElement: <PageError />,
      children: [
        ...pages,
        {
          path: 'account',
          element: (
            <Suspense fallback={<PageLoading />}>
              <AccountPage />
            </Suspense>
          ),
          errorElement: <PageError />,
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
