import { downloadFrom } from '@soar/client';
import type { ExportKind } from '@soar/contract';

/** `GET export/csv`: streamed by the server, fetched through the client's download path (60 s timeout). */
export const downloadExport = (query: { kind: ExportKind; from: string; to: string; currency: string }) =>
  downloadFrom('GET /export/csv', { query });
