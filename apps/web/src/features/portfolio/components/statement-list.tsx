import { Button, DotLoading } from 'antd-mobile';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/money-format.ts';
import { downloadStatement, useStatements } from '../api/statements.ts';
import { saveFile } from '../save-file.ts';
import styles from './performance.module.css';

/** The member's monthly statements, newest first, each with its closing balances and its PDF. */
export function StatementList() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const statements = useStatements();
  const [busy, setBusy] = useState<number | undefined>();
  const list = statements.data?.list ?? [];
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  const open = async (id: number, month: string) => {
    setBusy(id);
    try {
      saveFile(await downloadStatement(id), `soar-statement-${month}-${i18n.language}.pdf`);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(undefined);
    }
  };
  if (statements.isPending) return <DotLoading />;
  return (
    <section className={styles.card} data-testid="statements">
      <h2 className={styles.title}>{t('portfolio.statements.title')}</h2>
      {list.length === 0 ? (
        <p className={styles.empty}>{t('portfolio.statements.none')}</p>
      ) : (
        <ul className={styles.statements}>
          {list.map((item) => (
            <li key={item.id} data-testid={`statement-${item.month}`}>
              <div>
                <strong>{monthName(item.month)}</strong>
                <span className={styles.caption}>
                  {t('portfolio.statements.closing')}:{' '}
                  {item.balances.map((balance, index) => (
                    <Fragment key={balance.currency}>
                      {index > 0 && ' · '}
                      <span className={styles.balance}>{money.amount(balance.closing, balance.currency)}</span>
                    </Fragment>
                  ))}
                </span>
              </div>
              <Button size="small" loading={busy === item.id} onClick={() => open(item.id, item.month)}>
                {t('portfolio.statements.download')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
