import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idField, idQuery, isoTime } from './fields.ts';
import { decimalString } from './money.ts';

/** Failures of monthly statements (docs/api.md, Statements). */
export const statementErrors = {
  STATEMENT_NOT_FOUND: 404,
  STATEMENT_MONTH_INVALID: 422,
} as const;

/** `YYYY-MM`: a calendar month in UTC. */
export const statementMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.month' })
  .describe('YYYY-MM');

export const statementBalance = z.object({
  currency: z.string(),
  opening: decimalString,
  credits: decimalString,
  debits: decimalString,
  closing: decimalString,
});

export const statementItem = z.object({
  id: z.number().int(),
  month: statementMonth,
  balances: z.array(statementBalance).describe('available and frozen together, per currency'),
  createdAt: isoTime,
  regeneratedAt: isoTime.nullable(),
});
export type StatementItem = z.infer<typeof statementItem>;

export const statementListQuery = pageQuery;

export const statementDownloadQuery = idQuery;

export const statementAdminListQuery = pageQuery.extend({ userId: idField });
export const statementRegenerateBody = z.strictObject({ userId: idField, month: statementMonth });

export const statementApi = {
  list: {
    access: 'member',
    method: 'GET',
    path: '/statement/list',
    summary: 'The member’s monthly statements, newest first',
    query: statementListQuery,
    response: ok(page(statementItem)),
  },
  download: {
    access: 'member',
    method: 'GET',
    path: '/statement/download',
    summary: 'A statement as a PDF in the request’s language',
    query: statementDownloadQuery,
    download: 'application/pdf',
    response: z.string().describe('the PDF file'),
  },
} as const satisfies Api;

const finance = { access: 'operator', roles: ['finance', 'compliance', 'support'] } as const;

export const statementAdminApi = {
  list: {
    ...finance,
    method: 'GET',
    path: '/admin/statement/list',
    summary: 'A member’s monthly statements, newest first',
    query: statementAdminListQuery,
    response: ok(page(statementItem)),
  },
  regenerate: {
    access: 'operator',
    roles: ['finance'],
    method: 'POST',
    path: '/admin/statement/regenerate',
    summary: 'Compute a member’s statement of a month again from the ledger (audited)',
    body: statementRegenerateBody,
    response: ok(statementItem),
  },
  download: {
    ...finance,
    method: 'GET',
    path: '/admin/statement/download',
    summary: 'A member’s statement as a PDF',
    query: statementDownloadQuery,
    download: 'application/pdf',
    response: z.string().describe('the PDF file'),
  },
} as const satisfies Api;
