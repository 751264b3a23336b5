import { z } from 'zod';
import { languageKeys } from './languages.ts';

/** Ids are PostgreSQL `integer` (serial) columns: 1 to 2^31 - 1. A larger one never reaches a query. */
export const maxId = 2_147_483_647;
export const idField = z.coerce.number().int().min(1).max(maxId);
export const idBody = z.object({ id: idField });
export const idQuery = z.object({ id: idField });

/**
 * Login and pay passwords are 4 to 16 characters (docs/product.md, "Accounts"): the rule for
 * setting one and for every body that carries one, so a form checks what the server checks.
 */
export const passwordField = z
  .string()
  .min(4, { error: 'validation.passwordLength' })
  .max(16, { error: 'validation.passwordLength' });

/** The pay password a withdrawal, a purchase or a wallet binding is confirmed with. */
export const payPasswordField = passwordField;

/** A moment on the wire. */
export const isoTime = z.string().describe('ISO 8601 UTC');

/** A member's public 8-digit UID: what operators and members name a member by (docs/admin.md). */
export const uidField = z
  .string()
  .trim()
  .regex(/^\d{8}$/, { error: 'validation.uid' });

/** The member a record belongs to, as an operator sees them beside it: UID, name and mail. */
export const memberRef = z.object({ uid: z.string(), nickname: z.string(), mail: z.string().nullable() });
export type MemberRef = z.infer<typeof memberRef>;

/** Operator-written text: trimmed, 1 to `max` characters, no NUL byte (PostgreSQL refuses it). */
export const operatorText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !value.includes(String.fromCharCode(0)), { error: 'validation.text' });

/**
 * Operator text per language (banners, IPO descriptions, loan product names): English required,
 * the six other interface languages optional, any other key refused.
 */
export function translationsOf<T extends z.ZodType>(entry: T) {
  return z.strictObject({
    en: entry,
    de: entry.optional(),
    es: entry.optional(),
    fr: entry.optional(),
    it: entry.optional(),
    ja: entry.optional(),
    'zh-CN': entry.optional(),
  });
}

/** Which language operator text is answered in; `fallback`: English, because the reader's language is not written. */
export const textLanguage = {
  language: z.enum(languageKeys).describe('the language of the translated text'),
  fallback: z.boolean().describe('true: not written in the request’s language, so English'),
};
