import { networkLabel } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import type { DepositRecord, Transaction, WithdrawRecord } from '../api/types.ts';
import { useFormat } from '../use-format.ts';
import { ChainDepositStatus, PayoutStatus } from './chain-status.tsx';
import { StatusTag } from './status-tag.tsx';
import { Row } from './wallet-page.tsx';
import { HeldUntil } from './withdrawal-hold.tsx';

/** docs/product.md section 3: type, amount, audit amount, converted amount, status, submit and audit time, timezone. */
export function DepositRecordItem({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const type = record.type === 'bank' ? t('wallet.bank') : `${t('wallet.crypto')} · ${networkLabel(record.network)}`;
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
          {record.walletName} · {networkLabel(record.network)}
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
      <HeldUntil status={record.status} heldUntil={record.heldUntil} />
    </article>
  );
}

/**
 * One journal line of the member's: what moved the money (every ledger kind has a name), a
 * withdrawal as one line with its status now, and the way to the order it moved money for.
 */
export function TransactionItem({ line, onOpenOrder }: { line: Transaction; onOpenOrder?: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const negative = line.amount.startsWith('-');
  const key = `wallet.txType.${line.type}`;
  const withdrawal = line.withdrawal;
  const returned = withdrawal && (withdrawal.status === 2 || withdrawal.payoutState === 'refunded');
  const type = withdrawal ? t('wallet.txWithdrawal') : i18n.exists(key) ? t(key) : line.type;
  return (
    <article className="wallet-record wallet-transaction" data-testid="transaction" data-type={line.type}>
      <div>
        <div className="wallet-record-title">
          {type}
          {line.account === 'frozen' && <span className="wallet-hint"> · {t('wallet.frozen')}</span>}
        </div>
        {withdrawal && (
          <div className="wallet-transaction-status">
            <StatusTag kind="withdraw" status={withdrawal.status} />
          </div>
        )}
        <div className="wallet-hint">{format.date(line.time)}</div>
        {line.orderId !== null && onOpenOrder && (
          <button
            type="button"
            className="wallet-link"
            data-testid="transaction-order"
            onClick={() => onOpenOrder(line.orderId as number)}
          >
            {t('wallet.txOrder', { id: line.orderId })}
          </button>
        )}
      </div>
      <div className="wallet-transaction-right">
        {line.account === 'frozen' ? (
          // Money held for an order is neither income nor spending: "Held 21.00 USD", "Released 21.00 USD".
          <div className="wallet-hint" data-testid="transaction-amount">
            {t(negative ? 'wallet.released' : 'wallet.held', {
              amount: format.amount(line.amount.replace(/^-/, ''), line.currency),
            })}
          </div>
        ) : (
          <div
            className={returned ? 'wallet-returned' : negative ? 'wallet-negative' : 'wallet-positive'}
            data-testid="transaction-amount"
          >
            {format.amount(line.amount, line.currency, true)}
          </div>
        )}
        {returned && <div className="wallet-hint">{t('wallet.txReturned')}</div>}
        <div className="wallet-hint" data-testid="transaction-balance">
          {t('wallet.balanceAfter', { balance: format.amount(line.balanceAfter, line.currency) })}
        </div>
      </div>
    </article>
  );
}
