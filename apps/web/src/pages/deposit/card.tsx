import { PlaceholderPage } from '../../shared/ui/placeholder-page.tsx';

export function Page() {
  return <PlaceholderPage title="pages.deposit.card" />;
}
