import { z } from 'zod';

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
