import { KycOverview } from '../../features/identity/components/kyc.tsx';

export function Page() {
  return <KycOverview />;
}
