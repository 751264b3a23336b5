import type { TFunction } from 'i18next';

const keepWhenEmpty = new Set(['validation.signature', 'validation.agree']);

type Issue = { path: PropertyKey[]; message: string };
type Schema = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } } };

/**
 * The first problem of each field of `values` under the contract's schema (the one the server
 * validates with), localised like the server's messages: `validation.*` with `fields.*`.
 * Forms show them after the first submit and recheck on every change, so a fixed field clears.
 */
export function contractErrors(schema: Schema, values: object, t: TFunction): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name in errors) continue;
    const input = (values as Record<string, unknown>)[name];
    const empty = input === undefined || input === null || input === '';
    const own = issue.message.startsWith('validation.') ? issue.message : undefined;
    // A signature or an agreement left out keeps its own words (docs/product.md section 5); others are "required".
    const key = empty && !(own && keepWhenEmpty.has(own)) ? 'validation.required' : (own ?? 'validation.invalid');
    errors[name] = t(key, { field: t(`fields.${name}`) });
  }
  return errors;
}
