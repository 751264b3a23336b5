import { useTranslation } from 'react-i18next';
import type { DepositRecord, Transaction, WithdrawRecord } from '../api/types.ts';
import { useFormat } from '../use-format.ts';
import { ChainDepositStatus, PayoutStatus } from './chain-status.tsx';
import { StatusTag } from './status-tag.tsx';
import { Row } from './wallet-page.tsx';

/** docs/product.md section 3: type, amount, audit amount, converted amount, status, submit and audit time, timezone. */
export function DepositRecordItem({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const type = record.type === 'bank' ? t('wallet.bank') : `${t('wallet.crypto')} · ${record.network ?? ''}`;
  return (
    <article className="wallet-record" data-testid="deposit-record">
      <header className="wallet-record-head">
        <span className="wallet-record-title">{type}</span>
        {record.source === 'chain' ? null : <StatusTag kind="deposit" status={record.status} />}
      </header>
      {record.source === 'chain' && <ChainDepositStatus record={record} />}
      <Row label={t('fields.amount')} testId="record-amount">
        {format.amount(record.amount, record.currency)}
      </Row>
      <Row label={t('fields.auditAmount')}>
        {record.auditAmount === null ? '--' : format.amount(record.auditAmount, record.currency)}
      </Row>
      <Row label={t('wallet.convertedAmount')}>{format.amount(record.convertedAmount, record.creditCurrency)}</Row>
      <Row label={t('wallet.submitTime')}>{format.date(record.submitTime, record.timezone)}</Row>
      <Row label={t('wallet.auditTime')}>
        {record.auditTime ? format.date(record.auditTime, record.timezone) : '--'}
      </Row>
      <Row label={t('wallet.timezone')}>{record.timezone}</Row>
      {record.source === 'chain' && record.txHash && (
        <Row label={t('chain.transaction')}>
          <span className="wallet-break">{record.txHash}</span>
        </Row>
      )}
      {record.remark && <Row label={t('fields.remark')}>{record.remark}</Row>}
    </article>
  );
}

export function WithdrawRecordItem({ record }: { record: WithdrawRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <article className="wallet-record" data-testid="withdraw-record">
      <header className="wallet-record-head">
        <span className="wallet-record-title">
          {record.walletName} · {record.network}
        </span>
        <StatusTag kind="withdraw" status={record.status} />
      </header>
      <Row label={t('fields.amount')} testId="record-amount">
        {format.amount(record.amount, record.currency)}
      </Row>
      <Row label={t('wallet.fee')}>{format.amount(record.fee, record.currency)}</Row>
      {record.arrivalAmount !== null && record.arrivalCurrency !== null && (
        <Row label={t('wallet.received')} testId="record-arrival">
          {format.amount(record.arrivalAmount, record.arrivalCurrency)}
        </Row>
      )}
      {record.rate !== null && record.arrivalCurrency !== record.currency && (
        <Row label={t('wallet.rate')}>
          {t('wallet.rateText', { from: record.currency, rate: record.rate, to: record.arrivalCurrency })}
        </Row>
      )}
      <Row label={t('fields.address')}>
        <span className="wallet-break">{record.address}</span>
      </Row>
      <Row label={t('wallet.submitTime')}>{format.date(record.submitTime)}</Row>
      <Row label={t('wallet.auditTime')}>{record.auditTime ? format.date(record.auditTime) : '--'}</Row>
      {record.payoutState && <PayoutStatus state={record.payoutState} txHash={record.txHash} />}
      {record.payoutReference && (
        <Row label={t('fields.payoutReference')} testId="record-payout-reference">
          <span className="wallet-break">{record.payoutReference}</span>
        </Row>
      )}
      {record.remark && <Row label={t('fields.remark')}>{record.remark}</Row>}
    </article>
  );
}

/** The journal's line types the member meets; another type shows as it is named. */
export const transactionTypes = [
  'deposit',
  'withdraw_freeze',
  'withdraw_pass',
  'withdraw_refuse',
  'transfer',
  'demo_funding',
  'withdraw_refund',
];

export function TransactionItem({ line }: { line: Transaction }) {
  const { t } = useTranslation();
  const format = useFormat();
  const negative = line.amount.startsWith('-');
  const type = transactionTypes.includes(line.type) ? t(`wallet.txType.${line.type}`) : line.type;
  return (
    <article className="wallet-record wallet-transaction" data-testid="transaction">
      <div>
        <div className="wallet-record-title">
          {type}
          {line.account === 'frozen' && <span className="wallet-hint"> · {t('wallet.frozen')}</span>}
        </div>
        <div className="wallet-hint">{format.date(line.time)}</div>
      </div>
      <div className="wallet-transaction-right">
        {line.account === 'frozen' ? (
          // Money held for a withdrawal is neither income nor spending: "Held 21.00 USD", "Released 21.00 USD".
          <div className="wallet-hint" data-testid="transaction-amount">
            {t(negative ? 'wallet.released' : 'wallet.held', {
              amount: format.amount(line.amount.replace(/^-/, ''), line.currency),
            })}
          </div>
        ) : (
          <div className={negative ? 'wallet-negative' : 'wallet-positive'} data-testid="transaction-amount">
            {format.amount(line.amount, line.currency, true)}
          </div>
        )}
        <div className="wallet-hint" data-testid="transaction-balance">
          {t('wallet.balanceAfter', { balance: format.amount(line.balanceAfter, line.currency) })}
        </div>
      </div>
    </article>
  );
}
