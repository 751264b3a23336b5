import { RequestError } from '@soar/client';
import type { AlertCreateBody, AlertKind, AlertView, Position, Quote } from '@soar/contract';
import { alertCooldown } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/feedback.ts';
import { useCreateAlert, useUpdateAlert } from '../api.ts';
import {
  cooldownChoices,
  kindsFor,
  levelOf,
  takesValue,
  valueKindOf,
  valueProblem,
  watchedOf,
  wireValue,
} from '../rules.ts';
import { useAlertFormat } from '../use-alert-format.ts';
import styles from './alert.module.css';
import { useCooldownText } from './alert-card.tsx';

/** The server's refusals that are about the value: shown under its field. */
const valueCodes = new Set(['ALERT_VALUE_RANGE', 'ALERT_ALREADY_MET', 'ALERT_NO_STOP_LOSS']);

export type AlertFormProps = {
  symbol: string;
  currency: string;
  /** The live quote, when it has arrived: the price now, and the previous close of a change alert. */
  quote?: Pick<Quote, 'price' | 'bid' | 'ask' | 'prevClose'>;
  /** A position's alert: its kinds, and its open price, quantity and stop loss for the level. */
  position?: Position;
  /** An alert to change rather than a new one. */
  editing?: AlertView;
  onSaved?: (alert: AlertView) => void;
  /** Back from changing an alert to a new one. */
  onCancel?: () => void;
};

/**
 * A new alert, or a change to one: the kind (a quote's or a position's), the value with the price
 * now and the level it fires at when the client can tell (else the saved answer's, on the list),
 * Once or Every time with its cool-down. What is typed is sent as typed (a comma read as the
 * point): a value that is not one says why, after the first Save, and the server's refusal of it
 * stays under the field.
 */
export function AlertForm({ symbol, currency, quote, position, editing, onSaved, onCancel }: AlertFormProps) {
  const { t } = useTranslation();
  const format = useAlertFormat();
  const cooldownText = useCooldownText();
  const create = useCreateAlert();
  const update = useUpdateAlert({ toast: false });
  const kinds = kindsFor(position);
  const [kind, setKind] = useState<AlertKind>(editing?.kind ?? kinds[0] ?? 'priceAbove');
  const [typed, setTyped] = useState(editing?.value ?? '');
  const [repeat, setRepeat] = useState(editing?.repeat ?? false);
  const [cooldown, setCooldown] = useState(editing?.cooldownMinutes ?? alertCooldown.default);
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const valueId = useId();
  const errorId = useId();
  const hintId = useId();

  const valueKind = valueKindOf[kind];
  const label = valueKind && t(`alert.value.${valueKind}`, { currency });
  const problem = valueProblem(kind, typed, format.decimalsOf(currency));
  const problemText = problem && t(problem.key, { field: label, ...problem.params });
  const error = (submitted ? problemText : undefined) ?? refusal;
  const level = problem ? undefined : levelOf(kind, typed, { prevClose: quote?.prevClose, position });
  const now = quote ? watchedOf(kind, quote, position) : (position?.markPrice ?? undefined);
  const hint =
    kind === 'stopDistance' && position?.stopLoss
      ? t('alert.valueHint.stop', { stopLoss: format.price(position.stopLoss, currency) })
      : kind === 'positionPnlPercent' || kind === 'positionPnlAmount'
        ? t('alert.valueHint.pnl')
        : undefined;
  const pending = create.isPending || update.isPending;

  function change(next: () => void) {
    next();
    setRefusal(undefined);
  }

  async function save() {
    setSubmitted(true);
    if (problem || pending) return;
    const value = takesValue(kind) ? wireValue(typed) : undefined;
    const often = { repeat, ...(repeat ? { cooldownMinutes: cooldown } : {}) };
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, ...(value !== undefined ? { value } : {}), ...often })
        : await create.mutateAsync(bodyOf(kind, value, often, symbol, position));
      toast(t('alert.saved'));
      if (!editing) {
        setTyped('');
        setSubmitted(false);
      }
      onSaved?.(saved);
    } catch (failure) {
      if (!(failure instanceof RequestError)) return;
      const messages = failure.messages.length > 0 ? failure.messages : [failure.message];
      if (valueCodes.has(String(failure.code)) && takesValue(kind)) setRefusal(messages.join(' '));
      else for (const message of messages) toast(message, 2000);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="alert-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 className={styles.sectionHead}>{t(editing ? 'alert.edit' : 'alert.new')}</h3>
      <fieldset className={styles.field}>
        <legend className={styles.label}>{t('alert.kind')}</legend>
        <div className={styles.chips} data-testid="alert-kinds">
          {(editing ? [editing.kind] : kinds).map((value) => (
            <button
              key={value}
              type="button"
              className={styles.chip}
              aria-pressed={kind === value}
              disabled={Boolean(editing)}
              onClick={() => change(() => setKind(value))}
            >
              {t(`alert.kinds.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {valueKind && (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={valueId}>
            {label}
          </label>
          <input
            id={valueId}
            className={`${styles.input} ${error ? styles.inputInvalid : ''}`}
            name="value"
            inputMode={valueKind === 'amount' || kind === 'positionPnlPercent' ? 'text' : 'decimal'}
            autoComplete="off"
            value={typed}
            aria-invalid={Boolean(error)}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            onChange={(event) => change(() => setTyped(event.target.value))}
          />
          {error && (
            <p id={errorId} className={styles.error} role="alert" data-testid="alert-value-error">
              {error}
            </p>
          )}
          <p id={hintId} className={styles.figures}>
            {now && <span data-testid="alert-now">{t('alert.now', { price: format.price(now, currency) })}</span>}
            {level && (
              <span className={styles.firesAt} data-testid="alert-fires-at">
                {t('alert.firesAt', { level: format.price(level.price, currency) })}
              </span>
            )}
            {hint && <span>{hint}</span>}
          </p>
        </div>
      )}
      {!valueKind && now && (
        <p className={styles.figures}>
          <span data-testid="alert-now">{t('alert.now', { price: format.price(now, currency) })}</span>
        </p>
      )}
      <fieldset className={styles.field}>
        <legend className={styles.label}>{t('alert.frequency')}</legend>
        <div className={styles.chips}>
          {[false, true].map((value) => (
            <button
              key={String(value)}
              type="button"
              className={styles.chip}
              aria-pressed={repeat === value}
              onClick={() => change(() => setRepeat(value))}
            >
              {t(value ? 'alert.repeat' : 'alert.once')}
            </button>
          ))}
        </div>
      </fieldset>
      {repeat && (
        <fieldset className={styles.field}>
          <legend className={styles.label}>{t('alert.cooldown')}</legend>
          <div className={styles.chips} data-testid="alert-cooldowns">
            {cooldownChoices.map((minutes) => (
              <button
                key={minutes}
                type="button"
                className={styles.chip}
                aria-pressed={cooldown === minutes}
                onClick={() => change(() => setCooldown(minutes))}
              >
                {cooldownText(minutes)}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <Button block type="submit" color="primary" loading={pending}>
        {t(editing ? 'alert.save' : 'alert.set')}
      </Button>
      {onCancel && (
        <Button block fill="none" onClick={onCancel}>
          {t('shell.cancel')}
        </Button>
      )}
    </form>
  );
}

function bodyOf(
  kind: AlertKind,
  value: string | undefined,
  often: { repeat: boolean; cooldownMinutes?: number },
  symbol: string,
  position?: Position,
): AlertCreateBody {
  if (position && (kind === 'positionPnlPercent' || kind === 'positionPnlAmount' || kind === 'stopDistance')) {
    return { kind, positionId: position.id, value: value ?? '', ...often };
  }
  if (kind === 'high52' || kind === 'low52') return { kind, symbol, ...often };
  return {
    kind: kind as 'priceAbove' | 'priceBelow' | 'changeUp' | 'changeDown',
    symbol,
    value: value ?? '',
    ...often,
  };
}
