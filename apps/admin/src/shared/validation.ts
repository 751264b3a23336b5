import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import type { z } from 'zod';
import { t } from './i18n.ts';

/**
 * An antd form rule from a field schema of the contract, so the form checks exactly what the
 * server checks; a message key the contract names (`validation.operatorPassword`) is shown in the
 * back office's language, other issues as a generic "not valid".
 */
export function zodRule(schema: z.ZodType, label?: string): RuleObject {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value === '' ? undefined : value);
      if (result.success) return;
      const issue = result.error.issues[0];
      const key = issue?.message.startsWith('validation.') ? issue.message : 'validation.invalid';
      const missing = value === undefined || value === null || value === '';
      throw new Error(t(missing ? 'validation.required' : key, { field: label ?? '' }));
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
