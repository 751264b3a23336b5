import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFundRates, useFunds } from '../../features/quant/api/funds.ts';
import { FundPicker, FundRecord } from '../../features/quant/components/fund-record.tsx';
import type { PageProps } from '../../shared/page.ts';
import { PageFrame } from '../../shared/ui/page-frame.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';

/** A fund's record (`?id=`): its realised daily rates against the promised range; else a fund to pick. */
export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = /^\d{1,10}$/.test(query.id ?? '') ? Number(query.id) : undefined;
  const rates = useFundRates(id);
  const funds = useFunds();
  if (id === undefined) {
    return (
      <PageFrame title="pages.quantify.bak" subtitle={t('quant.pickFund')}>
        <PagedList
          query={funds}
          empty={t('quant.empty.funds')}
          render={(fund) => <FundPicker fund={fund} onPick={() => navigate(`/pages/quantify/bak?id=${fund.id}`)} />}
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title="pages.quantify.bak" subtitle={rates.data?.fund.name}>
      <FundRecord query={rates} />
    </PageFrame>
  );
}
