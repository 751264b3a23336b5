import { z } from 'zod';

/** Money travels as a decimal string (docs/ledger.md), never as a JSON number. */
export const decimalString = z
  .string()
  .regex(/^-?\d{1,16}(\.\d{1,8})?$/, { error: 'validation.decimal' })
  .describe('decimal string');
