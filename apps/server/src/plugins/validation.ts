import { hasMessage } from '@soar/i18n';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType, z } from 'zod';
import { ValidationError } from '../lib/errors.ts';

/**
 * Route schemas are zod schemas from @soar/contract. A failure becomes one problem per field,
 * each a message key of @soar/i18n: the contract's own key (`validation.passwordLength`) when
 * the schema names one, else a generic key chosen by the kind of issue.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const nul = pathWithNul(data);
    if (nul) return { error: new ValidationError([{ messageKey: 'validation.invalid', params: { field: nul } }]) };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: toValidationError(result.error) };
  };

/**
 * PostgreSQL text cannot hold a NUL character: a string with one would fail in the database as a
 * 500, so every call refuses it here, naming the field (the last key of its path).
 */
function pathWithNul(value: unknown, key = 'body', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? key : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [inner, item] of Object.entries(value)) {
    const found = pathWithNul(item, Array.isArray(value) ? key : inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function toValidationError(error: z.ZodError): ValidationError {
  const seen = new Set<string>();
  const problems: ValidationError['problems'] = [];
  for (const issue of error.issues) {
    const pathKey = issue.path.join('.');
    if (seen.has(pathKey)) continue;
    seen.add(pathKey);
    problems.push(describeIssue(issue));
  }
  return new ValidationError(problems);
}

function fieldOf(issue: z.core.$ZodIssue): string {
  const name = [...issue.path].reverse().find((part) => typeof part === 'string');
  if (issue.code === 'unrecognized_keys') return issue.keys.join(', ');
  return name ?? 'body';
}

function describeIssue(issue: z.core.$ZodIssue) {
  const field = fieldOf(issue);
  const params: Record<string, string | number> = { field };
  // A bound named by its own message still says the bound ("at most 100000000").
  if (issue.code === 'too_big') params.maximum = String(issue.maximum);
  if (issue.code === 'too_small') params.minimum = String(issue.minimum);
  if (issue.message.startsWith('validation.') && hasMessage(issue.message)) {
    return { messageKey: issue.message, params };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { messageKey: 'validation.required', params };
      if (issue.expected === 'int') return { messageKey: 'validation.integer', params };
      return { messageKey: 'validation.invalidType', params };
    case 'too_small': {
      const minimum = String(issue.minimum);
      if (issue.origin === 'string') {
        const empty = issue.input === '';
        return { messageKey: empty ? 'validation.required' : 'validation.tooShort', params: { ...params, minimum } };
      }
      return { messageKey: 'validation.tooSmall', params: { ...params, minimum } };
    }
    case 'too_big': {
      const maximum = String(issue.maximum);
      const key = issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig';
      return { messageKey: key, params: { ...params, maximum } };
    }
    case 'invalid_format':
      return { messageKey: issue.format === 'email' ? 'validation.email' : 'validation.invalid', params };
    case 'invalid_value':
      return { messageKey: 'validation.invalidOption', params: { ...params, options: issue.values.join(', ') } };
    case 'unrecognized_keys':
      return { messageKey: 'validation.unknownKey', params };
    default:
      return { messageKey: 'validation.invalid', params };
  }
}
