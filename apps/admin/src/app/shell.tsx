import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { call } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Layout, Menu, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { TotpEnrolment } from '../features/auth/totp-enrolment.tsx';
import { type AdminLanguage, useLanguage } from '../shared/i18n.ts';
import { useSession } from '../shared/session.ts';
import { menuFor } from './menu.tsx';
import { queryClient } from './query-client.ts';
import styles from './shell.module.css';

/** The signed-in frame: side menu per role, header with language and account, the page. */
export function Shell() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const operator = useSession((state) => state.operator);
  const setOperator = useSession((state) => state.setOperator);
  const language = useLanguage((state) => state.language);
  const location = useLocation();
  const navigate = useNavigate();
  const me = useQuery({ queryKey: ['admin/me'], queryFn: () => call('GET /admin/me'), enabled: Boolean(token) });
  useEffect(() => {
    if (me.data) setOperator(me.data);
  }, [me.data, setOperator]);

  if (!token) {
    const redirect = location.pathname + location.search;
    return <Navigate to={`/login${redirect === '/' ? '' : `?redirect=${encodeURIComponent(redirect)}`}`} replace />;
  }
  if (!operator) {
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  }
  const groups = menuFor(operator.role);
  const selected = groups
    .flatMap((group) => group.items)
    .filter((item) => (item.path === '/' ? location.pathname === '/' : location.pathname.startsWith(item.path)))
    .map((item) => item.key);
  const enrolmentDue = operator.totpRequired && !operator.totpEnabled;

  const logout = async () => {
    await call('POST /admin/logout', undefined, { toast: false }).catch(() => undefined);
    useSession.getState().clear();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Layout className={styles.frame}>
      <Layout.Sider width={224} theme="dark" className={styles.sider}>
        <div className={styles.brand}>
          <span className={styles.logo}>S</span>
          <span>{t('app.name')}</span>
        </div>
        {!enrolmentDue && (
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected}
            data-testid="side-menu"
            items={groups.map((group) => ({
              type: 'group' as const,
              key: group.key,
              label: t(`menu.groups.${group.key}`),
              children: group.items.map((item) => ({
                key: item.key,
                icon: item.icon,
                label: t(`menu.${item.key}`),
                onClick: () => navigate(item.path),
              })),
            }))}
          />
        )}
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
          <Space size="middle">
            <Segmented<AdminLanguage>
              size="small"
              value={language}
              options={[
                { label: 'English', value: 'en' },
                { label: '简体中文', value: 'zh-CN' },
              ]}
              onChange={(value) => {
                useLanguage.getState().setLanguage(value);
                void queryClient.invalidateQueries();
              }}
              data-testid="language-switch"
            />
            <Dropdown
              menu={{
                items: [
                  {
                    key: 'account',
                    icon: <UserOutlined />,
                    label: t('account.title'),
                    onClick: () => navigate('/account'),
                  },
                  { key: 'logout', icon: <LogoutOutlined />, label: t('auth.logout'), onClick: () => void logout() },
                ],
              }}
            >
              <Button type="text" data-testid="operator-menu">
                <UserOutlined /> {operator.username} <Tag className={styles.role}>{t(`roles.${operator.role}`)}</Tag>
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        {/* The route drawn, not the URL: a page loads as a transition, the last one stays until then. */}
        <Layout.Content className={styles.content} data-testid="page-content" data-path={location.pathname}>
          {enrolmentDue ? <TotpEnrolment forced /> : <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
