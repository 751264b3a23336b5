import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoanProducts } from '../../features/loan/api/products.ts';
import { ApplyForm } from '../../features/loan/components/apply-form.tsx';
import { KycNotice } from '../../features/loan/components/kyc-notice.tsx';
import { ProductPicker } from '../../features/loan/components/product-picker.tsx';
import { readLoanDraft } from '../../features/loan/draft.ts';
import { useSessionStore } from '../../features/session/store.ts';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';

/** Borrowing: the products, then the application with its key terms, contract and signature. */
export function Page() {
  const { t } = useTranslation();
  const products = useLoanProducts();
  const isLogined = useSessionStore((session) => session.isLogined);
  const kycStatus = useSessionStore((session) => session.userInfo?.kycStatus);
  // The product chosen before the contract was read, if the member comes back from it.
  const [chosen, setChosen] = useState<number | undefined>(() => readLoanDraft()?.productId);
  const list = products.data?.list ?? [];
  const product = list.find((item) => item.id === chosen) ?? list[0];

  return (
    <PageFrame
      title="pages.borrow.index"
      links={
        isLogined && (
          <Link className={pageLinkClass} to="/pages/borrow/history">
            {t('loan.myLoans')}
          </Link>
        )
      }
    >
      {products.isPending && <Spinner delay={200} />}
      {products.data?.requiresKyc && <KycNotice kycStatus={kycStatus} />}
      {list.length > 0 && <ProductPicker products={list} value={product?.id} onChange={setChosen} />}
      {products.isSuccess && list.length === 0 && <p>{t('loan.noProducts')}</p>}
      {product && <ApplyForm key={product.id} product={product} isLogined={isLogined} />}
    </PageFrame>
  );
}
