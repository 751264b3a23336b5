import { type ExportKind, exportKinds, maxExportDays } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../api/export.ts';
import { usePortfolioCurrency } from '../currency.ts';
import { saveFile } from '../save-file.ts';
import styles from './performance.module.css';

const dayMs = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const yearStart = () => `${today().slice(0, 4)}-01-01`;

/** Why a range cannot be exported, or undefined (the server checks the same, docs/api.md). */
export function rangeProblem(from: string, to: string): 'order' | 'tooLong' | undefined {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return 'order';
  if ((end - start) / dayMs + 1 > maxExportDays) return 'tooLong';
  return undefined;
}

/** A CSV of trades, ledger lines, realised P/L or transfers over a range, saved as a file. */
export function ExportForm() {
  const { t } = useTranslation();
  const { currency } = usePortfolioCurrency();
  const [kind, setKind] = useState<ExportKind>('realised');
  const [from, setFrom] = useState(yearStart);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const problem = rangeProblem(from, to);
  const save = async () => {
    setBusy(true);
    try {
      const file = await downloadExport({ kind, from, to, currency });
      saveFile(file, `soar-${kind}-${from}-${to}.csv`);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} data-testid="export">
      <h2 className={styles.title}>{t('portfolio.export.title')}</h2>
      <div className={styles.kinds} role="radiogroup" aria-label={t('fields.kind')}>
        {exportKinds.map((value) => (
          <label key={value} className={styles.kind}>
            <input type="radio" name="export-kind" checked={kind === value} onChange={() => setKind(value)} />
            {t(`portfolio.export.${value}`)}
          </label>
        ))}
      </div>
      <div className={styles.dates}>
        <label>
          {t('portfolio.export.from')}
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} data-testid="export-from" />
        </label>
        <label>
          {t('portfolio.export.to')}
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} data-testid="export-to" />
        </label>
      </div>
      {problem && (
        <p className={styles.problem} role="alert" data-testid="export-problem">
          {t(`portfolio.export.${problem}`)}
        </p>
      )}
      <p className={styles.note}>{t('portfolio.export.hint')}</p>
      <Button
        block
        color="primary"
        disabled={problem !== undefined}
        loading={busy}
        onClick={save}
        data-testid="export-download"
      >
        {t('portfolio.export.download')}
      </Button>
    </section>
  );
}
