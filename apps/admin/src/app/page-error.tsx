import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * What a page shows when it throws while rendering: the router renders it in the shell's outlet,
 * so the menu stays and the operator can go elsewhere or try the page again.
 */
export function PageError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Result
      status="error"
      title={t('common.pageFailed')}
      subTitle={<Typography.Text type="secondary">{detail}</Typography.Text>}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
      data-testid="page-error"
    />
  );
}
