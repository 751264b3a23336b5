import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfits } from '../../features/quant/api/orders.ts';
import { ProfitRow } from '../../features/quant/components/profit-row.tsx';
import type { PageProps } from '../../shared/page.ts';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';

/** My daily fund profits, newest first: every order's, or one order's (`?orderId=`). */
export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const orderId = /^\d{1,10}$/.test(query.orderId ?? '') ? Number(query.orderId) : undefined;
  const profits = useProfits(orderId);
  return (
    <PageFrame
      title="pages.quantify.history"
      subtitle={orderId === undefined ? undefined : t('quant.orderNumber', { id: orderId })}
      links={
        orderId !== undefined && (
          <Link className={pageLinkClass} to="/pages/quantify/history">
            {t('quant.showAll')}
          </Link>
        )
      }
    >
      <PagedList
        query={profits}
        testId="quant-profits"
        empty={t('quant.empty.profits')}
        render={(profit) => <ProfitRow profit={profit} />}
      />
    </PageFrame>
  );
}
