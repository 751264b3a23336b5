/** Where a notice's push or mail opens the app: the page of what it is about (its reference `kind:id`). */
export function noticePage(reference: string | null): string {
  const [kind, id] = reference?.split(':') ?? [];
  if (kind === 'quote' && id) return `/#/pages/quote/stock?symbol=${encodeURIComponent(id)}`;
  const pages: Record<string, string> = {
    order: '/#/pages/main/trade/index',
    position: '/#/pages/main/trade/index',
    deposit: '/#/pages/deposit/record',
    withdrawal: '/#/pages/history/record',
    kyc: '/#/pages/kycverify/index',
    loan: '/#/pages/borrow/history',
    ipo: '/#/pages/product/newstock',
    block: '/#/pages/product/blocktrade',
    passkey: '/#/pages/setting/passkeys',
  };
  return (kind && pages[kind]) || '/#/';
}
