import { DocumentView } from '../../features/identity/components/documents.tsx';
import type { PageProps } from '../../shared/page.ts';

export function Page({ query }: PageProps) {
  return <DocumentView name={query.name} />;
}
