import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** antd-mobile's pull-to-refresh with localised texts. */
export function Refresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('marketUi.pull.pulling')}
      canReleaseText={t('marketUi.pull.canRelease')}
      refreshingText={t('marketUi.pull.refreshing')}
      completeText={t('marketUi.pull.complete')}
    >
      {children}
    </PullToRefresh>
  );
}
