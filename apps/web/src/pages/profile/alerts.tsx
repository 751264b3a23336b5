import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertHistory } from '../../features/alert/components/alert-history.tsx';
import { AlertList } from '../../features/alert/components/alert-list.tsx';
import type { PageProps } from '../../shared/page.ts';
import { PageFrame } from '../../shared/ui/page-frame.tsx';
import { Segments } from '../../shared/ui/segments.tsx';

const tabs = ['alerts', 'history'] as const;
type Tab = (typeof tabs)[number];

/** Price alerts under the profile: my alerts (`?tab=history`: what fired). */
export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>(query.tab === 'history' ? 'history' : 'alerts');
  const openQuote = (symbol: string) => navigate(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`);
  return (
    <PageFrame title="pages.profile.alerts">
      <Segments
        label={t('alert.title')}
        value={tab}
        onChange={setTab}
        options={tabs.map((value) => ({ value, label: t(`alert.tabs.${value}`) }))}
      />
      {tab === 'alerts' ? <AlertList onOpenQuote={openQuote} /> : <AlertHistory onOpenQuote={openQuote} />}
    </PageFrame>
  );
}
