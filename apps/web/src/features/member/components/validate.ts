import type { TFunction } from 'i18next';

type FormLike = { setFields(fields: { name: string; errors: string[] }[]): void };
type Issue = { path: PropertyKey[]; message: string };
type Schema = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } } };

/**
 * Checks `values` with the contract's schema, the one the server uses, and shows the first
 * message of each field under it, localised like the server's (`validation.*` with `fields.*`).
 * True when the values pass.
 */
export function validateWith(schema: Schema, values: object, form: FormLike, t: TFunction): boolean {
  const result = schema.safeParse(values);
  if (result.success) return true;
  const errors = new Map<string, string>();
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (errors.has(name)) continue;
    const input = (values as Record<string, unknown>)[name];
    const empty = input === undefined || input === null || input === '';
    const key = empty
      ? 'validation.required'
      : issue.message.startsWith('validation.')
        ? issue.message
        : 'validation.invalid';
    errors.set(name, t(key, { field: t(`fields.${name}`) }));
  }
  form.setFields([...errors].map(([name, message]) => ({ name, errors: [message] })));
  return false;
}
