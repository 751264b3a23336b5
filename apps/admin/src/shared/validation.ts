import { decimalString } from '@soar/contract';
import type { RuleObject } from 'antd/es/form';
import Decimal from 'decimal.js';
import { useState } from 'react';
import type { z } from 'zod';
import { t } from './i18n.ts';

/**
 * An antd form rule from a field schema of the contract, so the form checks exactly what the
 * server checks and says why in the same words: a message key the contract names
 * (`validation.operatorPassword`), a range ("at most 10"), a whole number, else "not valid".
 * The typed value is never rewritten: a number out of range is refused, not clamped
 * (docs/admin.md, Rules).
 */
export function zodRule(schema: z.ZodType, label?: string): RuleObject {
  return {
    validator: async (_rule, value) => {
      // An emptied InputNumber gives null: an optional field left empty is not an error.
      const result = schema.safeParse(value === '' || value === null ? undefined : value);
      if (result.success) return;
      const missing = value === undefined || value === null || value === '';
      const [key, params] = missing ? ['validation.required', {}] : messageOf(result.error.issues[0]);
      throw new Error(t(key, { ...params, field: label ?? '' }));
    },
  };
}

function messageOf(issue: z.core.$ZodIssue | undefined): [string, Record<string, string>] {
  if (issue?.message.startsWith('validation.')) return [issue.message, {}];
  if (issue?.code === 'too_small' && issue.origin === 'number') {
    return ['validation.tooSmall', { minimum: String(issue.minimum) }];
  }
  if (issue?.code === 'too_big' && issue.origin === 'number') {
    return ['validation.tooBig', { maximum: String(issue.maximum) }];
  }
  if (issue?.code === 'invalid_type' && issue.expected === 'int') return ['validation.integer', {}];
  return ['validation.invalid', {}];
}

/**
 * A rule for money typed as a decimal string: at most the currency's decimals (USD 2, JPY 0),
 * as the server refuses more (docs/admin.md, Rules). `decimals` undefined: not known yet, not checked.
 */
export function decimalsRule(label: string, currency: string | undefined, decimals: number | undefined): RuleObject {
  return {
    validator: async (_rule, value: string | undefined) => {
      if (currency === undefined || decimals === undefined || !decimalString.safeParse(value?.trim()).success) return;
      if (new Decimal(value?.trim() ?? '0').decimalPlaces() > decimals) {
        throw new Error(t('validation.currencyDecimals', { field: label, currency, decimals }));
      }
    },
  };
}

/**
 * Forms check on submit first, then on every change, so an error clears as soon as it is fixed
 * and nothing turns red while the operator is still typing the first time.
 */
export function useSubmitValidation() {
  const [submitted, setSubmitted] = useState(false);
  return {
    validateTrigger: submitted ? 'onChange' : ([] as string[]),
    onSubmitCapture: () => setSubmitted(true),
    reset: () => setSubmitted(false),
  };
}
