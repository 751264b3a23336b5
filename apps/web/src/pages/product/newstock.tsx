import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type OfferListState, useOffers } from '../../features/ipo/api/offers.ts';
import { MySubscriptions } from '../../features/ipo/components/my-subscriptions.tsx';
import { OfferCard } from '../../features/ipo/components/offer-card.tsx';
import { useSessionStore } from '../../features/session/store.ts';
import { guardLoginPath } from '../../shared/navigation.ts';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Segments } from '../../shared/ui/segments.tsx';

type Tab = OfferListState | 'mine';
const tabs: Tab[] = ['open', 'upcoming', 'closed', 'listed', 'mine'];
const states: OfferListState[] = ['open', 'upcoming', 'closed', 'listed'];

/** IPOs: offers by state and, for members, my subscriptions; subscribing opens the payment page. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const isLogined = useSessionStore((session) => session.isLogined);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'open';
  const state = tab;
  const offers = useOffers(state === 'mine' ? 'open' : state);

  const choose = (value: Tab) => setParams({ tab: value }, { replace: true });
  const subscribe = (id: number) => {
    const target = `/pages/payment/newstock?id=${id}`;
    navigate(isLogined ? target : `${guardLoginPath}?redirect=${encodeURIComponent(target)}`);
  };

  return (
    <PageFrame
      title="pages.product.newstock"
      links={
        isLogined && (
          <Link className={pageLinkClass} to="/pages/product/newstock?tab=mine" replace>
            {t('ipo.tabs.mine')}
          </Link>
        )
      }
    >
      <Segments
        label={t('ipo.stateLabel')}
        value={state}
        onChange={choose}
        options={states.map((value) => ({ value, label: t(`ipo.tabs.${value}`) }))}
      />
      {state === 'mine' ? (
        <MySubscriptions />
      ) : (
        <PagedList
          query={offers}
          testId="ipo-list"
          empty={t('ipo.empty.offers')}
          render={(offer) => <OfferCard offer={offer} onSubscribe={() => subscribe(offer.id)} />}
        />
      )}
    </PageFrame>
  );
}
