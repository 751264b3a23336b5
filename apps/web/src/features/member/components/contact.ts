import type { CodeDestination } from '../api/code.ts';
import type { ContactType } from './contact-fields.tsx';

export type ContactValues = { mail?: string; areaCode?: string; phone?: string };

/** The contact part of a register or reset body, from the form's values and the chosen tab. */
export function contactOf(type: ContactType, values: ContactValues): CodeDestination {
  return type === 'email'
    ? { type, mail: (values.mail ?? '').trim() }
    : { type, phone: (values.phone ?? '').trim(), areaCode: values.areaCode ?? '' };
}
