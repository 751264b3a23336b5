import { useRef } from 'react';

/** Field name -> the message shown under it. */
export type FieldErrors = Record<string, string>;

type FormLike = { setFields(fields: { name: string; errors: string[] }[]): void };

/**
 * The one way an antd-mobile form checks itself (docs/web.md, "Forms"): `check` answers the
 * errors of the whole form for its current values (`contractErrors` with the contract's schema,
 * the one the server validates with, plus the page's own limits). Nothing shows while the member
 * first types; the first submit shows every error, and from then on every change checks again, so
 * a fixed field clears at once. `early` errors (a confirmation that can no longer match) show on
 * change even before the first submit.
 *
 * Spread `formProps` on the `<Form>` (it also turns off the browser's own tooltips) and start
 * `onFinish` with `if (!check.passes(values)) return;`.
 */
export function useFormCheck<V extends object>(
  form: FormLike,
  check: (values: V) => FieldErrors,
  early?: (values: V, errors: FieldErrors) => FieldErrors,
) {
  const submitted = useRef(false);
  const shown = useRef(new Set<string>());

  function show(errors: FieldErrors) {
    const names = new Set([...shown.current, ...Object.keys(errors)]);
    form.setFields([...names].map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));
    shown.current = new Set(Object.keys(errors));
  }

  return {
    formProps: {
      noValidate: true,
      onValuesChange: (_changed: unknown, values: V) => {
        const errors = check(values);
        if (submitted.current) show(errors);
        else if (early) show(early(values, errors));
      },
    },
    /** Shows the errors of `values`; true when there are none. Marks the form as submitted. */
    passes(values: V): boolean {
      submitted.current = true;
      const errors = check(values);
      show(errors);
      return Object.keys(errors).length === 0;
    },
    /** Shows errors from another check (the contact before sending a code); true when there are none. */
    shows(errors: FieldErrors): boolean {
      show(errors);
      return Object.keys(errors).length === 0;
    },
    /** After a successful send: back to quiet until the next submit. */
    reset() {
      submitted.current = false;
      shown.current = new Set();
    },
  };
}

/**
 * A confirmation that can no longer match the password (it is not the start of it), flagged as
 * soon as it is typed rather than at the submit.
 */
export function mismatchEarly(
  values: { password?: string; confirmPassword?: string },
  errors: FieldErrors,
): FieldErrors {
  const confirmation = values.confirmPassword ?? '';
  const password = values.password ?? '';
  const mismatch = errors.confirmPassword;
  return confirmation && mismatch && !password.startsWith(confirmation) ? { confirmPassword: mismatch } : {};
}
