import { z } from 'zod';

/** Ids are PostgreSQL `integer` (serial) columns: 1 to 2^31 - 1. A larger one never reaches a query. */
export const maxId = 2_147_483_647;
export const idField = z.coerce.number().int().min(1).max(maxId);
export const idBody = z.object({ id: idField });
export const idQuery = z.object({ id: idField });
