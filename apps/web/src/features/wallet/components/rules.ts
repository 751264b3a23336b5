import type { TFunction } from 'i18next';
import { amountError } from '../validation.ts';

/** Form rules whose messages are the catalogue's validation texts (SPEC section 5). */
export const requiredRule = (t: TFunction, field: string) => ({
  required: true,
  whitespace: true,
  message: t('validation.required', { field: t(`fields.${field}`) }),
});

export const amountRule = (t: TFunction) => ({
  validator: (_rule: unknown, value: string | undefined) => {
    const error = amountError(value);
    return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
  },
});
