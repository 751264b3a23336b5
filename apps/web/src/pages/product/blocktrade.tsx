import type { BlockOfferStatus } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOffers } from '../../features/blocktrade/api/blocktrade.ts';
import { OfferCard } from '../../features/blocktrade/components/offer-card.tsx';
import { MyBlockOrders } from '../../features/blocktrade/index.ts';
import { useSessionStore } from '../../features/session/store.ts';
import { guardLoginPath } from '../../shared/navigation.ts';
import { PageFrame } from '../../shared/ui/page-frame.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Segments } from '../../shared/ui/segments.tsx';

type Tab = BlockOfferStatus | 'mine';
const statuses: BlockOfferStatus[] = ['open', 'scheduled', 'closed'];

/** Block trades: offers by status and, for members, my block orders; ordering opens the payment page. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const isLogined = useSessionStore((session) => session.isLogined);
  const tabs: Tab[] = isLogined ? [...statuses, 'mine'] : statuses;
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'open';
  const offers = useOffers(tab === 'mine' ? 'open' : tab);

  const order = (id: number) => {
    const target = `/pages/payment/stock?offer=${id}`;
    navigate(isLogined ? target : `${guardLoginPath}?redirect=${encodeURIComponent(target)}`);
  };

  return (
    <PageFrame title="pages.product.blocktrade">
      <Segments
        label={t('blocktrade.statusLabel')}
        value={tab}
        onChange={(value) => setParams({ tab: value }, { replace: true })}
        options={tabs.map((value) => ({ value, label: t(`blocktrade.tabs.${value}`) }))}
      />
      {tab === 'mine' ? (
        <MyBlockOrders />
      ) : (
        <PagedList
          query={offers}
          testId="block-offers"
          empty={t('blocktrade.empty.offers')}
          render={(offer) => <OfferCard offer={offer} onOrder={() => order(offer.id)} />}
        />
      )}
    </PageFrame>
  );
}
