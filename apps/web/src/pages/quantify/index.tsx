import type { QuantFund, QuantSaleState } from '@soar/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFunds } from '../../features/quant/api/funds.ts';
import { BuySheet } from '../../features/quant/components/buy-sheet.tsx';
import { FundCard } from '../../features/quant/components/fund-card.tsx';
import { useSessionStore } from '../../features/session/store.ts';
import { guardLoginPath } from '../../shared/navigation.ts';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Segments } from '../../shared/ui/segments.tsx';

const states: QuantSaleState[] = ['onSale', 'upcoming', 'ended'];

/** The fund offer: on sale, upcoming and ended funds; buying opens a sheet (members). */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<QuantSaleState>('onSale');
  const funds = useFunds(state);
  const isLogined = useSessionStore((session) => session.isLogined);
  const hasPayPassword = useSessionStore((session) => session.userInfo?.hasPayPassword === true);
  const [buying, setBuying] = useState<QuantFund>();

  const buy = (fund: QuantFund) =>
    isLogined ? setBuying(fund) : navigate(`${guardLoginPath}?redirect=${encodeURIComponent('/pages/quantify/index')}`);

  return (
    <PageFrame
      title="pages.quantify.index"
      links={
        isLogined && (
          <>
            <Link className={pageLinkClass} to="/pages/quantify/list">
              {t('quant.myFunds')}
            </Link>
            <Link className={pageLinkClass} to="/pages/quantify/history">
              {t('quant.dailyProfits')}
            </Link>
          </>
        )
      }
    >
      <Segments
        label={t('quant.stateLabel')}
        value={state}
        onChange={setState}
        options={states.map((value) => ({ value, label: t(`quant.states.${value}`) }))}
      />
      <PagedList
        query={funds}
        testId="fund-list"
        empty={t('quant.empty.funds')}
        render={(fund) => (
          <FundCard
            fund={fund}
            onBuy={() => buy(fund)}
            onRecord={() => navigate(`/pages/quantify/bak?id=${fund.id}`)}
          />
        )}
      />
      {buying && (
        <BuySheet
          fund={buying}
          hasPayPassword={hasPayPassword}
          onClose={() => setBuying(undefined)}
          onBought={() => {
            setBuying(undefined);
            navigate('/pages/quantify/list');
          }}
        />
      )}
    </PageFrame>
  );
}
