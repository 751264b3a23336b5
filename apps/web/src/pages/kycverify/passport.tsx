import { KycForm } from '../../features/identity/components/kyc.tsx';

export function Page() {
  return <KycForm docType="passport" />;
}
