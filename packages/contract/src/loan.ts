import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import {
  idBody,
  idField,
  idQuery,
  memberRef,
  operatorText,
  textLanguage,
  isoTime as time,
  translationsOf,
} from './fields.ts';
import { decimalString } from './money.ts';
import { dailyRate, localDate } from './quant.ts';
import { queueQuery, queueState } from './review-queue.ts';

/** Failures of loans (docs/products.md, Loans). `KYC_REQUIRED` is the wallet's. */
export const loanErrors = {
  LOAN_PRODUCT_NOT_FOUND: 404,
  LOAN_PRODUCT_CLOSED: 409,
  LOAN_PRODUCT_INVALID: 422,
  LOAN_AMOUNT_OUT_OF_RANGE: 422,
  LOAN_PENDING_EXISTS: 409,
  SIGNATURE_NOT_FOUND: 422,
  LOAN_NOT_FOUND: 404,
  LOAN_NOT_REPAYABLE: 409,
  LOAN_REPAY_TOO_MUCH: 422,
  LOAN_REPAY_PRECISION: 422,
  LOAN_APPROVE_AMOUNT_INVALID: 422,
  LOAN_REFUSE_REASON_REQUIRED: 422,
  LOAN_PREVIEW_DATE_INVALID: 422,
} as const;

/** docs/product.md section 4: the operator's decision on an application. */
export const loanApprovalStatuses = { pending: 0, approved: 1, refused: 2 } as const;
/** docs/product.md section 4: where the money stands. */
export const loanStatuses = { notDisbursed: 0, disbursed: 1, repaid: 2, overdue: 3 } as const;
export type LoanApprovalStatus = (typeof loanApprovalStatuses)[keyof typeof loanApprovalStatuses];
export type LoanStatus = (typeof loanStatuses)[keyof typeof loanStatuses];

/** docs/product.md section 5: a loan amount is an integer. */
export const loanAmount = z
  .string({ error: 'validation.loanAmount' })
  .regex(/^[1-9]\d{0,15}$/, { error: 'validation.loanAmount' })
  .describe('a whole number of at least 1, as a decimal string');

/** docs/product.md section 5: a signature is required: the upload id of the drawn signature (a PNG). */
export const signatureField = z
  .string({ error: 'validation.signature' })
  .regex(/^[0-9a-f]{32}$/, { error: 'validation.signature' })
  .describe('the upload id of the signature image');

/** The name of the loan contract among the product's documents (the web view shows it). */
export const loanContractDocument = 'loan-contract';

export const loanProduct = z.object({
  id: z.number().int(),
  name: z.string().describe('in the request’s language when written in it, else English'),
  ...textLanguage,
  currency: z.string(),
  cycleDays: z.number().int(),
  dailyInterestRate: decimalString,
  dailyPenaltyRate: decimalString,
  minAmount: decimalString,
  maxAmount: decimalString,
  contract: z.string().describe('the document name of the contract text'),
});
export type LoanProduct = z.infer<typeof loanProduct>;
export const loanProductList = z.object({
  list: z.array(loanProduct),
  requiresKyc: z.boolean().describe('applications need a passed identity verification'),
});

export const loanApplyBody = z.strictObject({
  productId: idField,
  amount: loanAmount,
  signature: signatureField,
  agree: z.literal(true, { error: 'validation.agree' }),
});

/** The product's terms as accepted with the application; later product edits never change them. */
export const loanTerms = z.object({
  productName: z.string(),
  currency: z.string(),
  cycleDays: z.number().int(),
  dailyInterestRate: decimalString,
  dailyPenaltyRate: decimalString,
  minAmount: decimalString,
  maxAmount: decimalString,
  contract: z.string(),
});

export const loanOwed = z.object({
  principal: decimalString,
  interest: decimalString,
  penalty: decimalString,
  total: decimalString,
});

export const loan = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  currency: z.string(),
  amount: decimalString.describe('applied for'),
  approvedAmount: decimalString.nullable(),
  cycleDays: z.number().int(),
  dailyInterestRate: decimalString,
  dailyPenaltyRate: decimalString,
  approvalStatus: z.number().int().describe('0 pending, 1 approved, 2 refused'),
  status: z.number().int().describe('0 not disbursed, 1 disbursed, 2 repaid, 3 overdue'),
  refuseReason: z.string().nullable(),
  appliedAt: time,
  reviewedAt: time.nullable(),
  disbursedAt: time.nullable(),
  dueDate: localDate.nullable().describe('repay by the end of this UTC day'),
  /** What is owed now: the days that have ended are accrued (docs/products.md, Loans). */
  owed: loanOwed,
  accruedThrough: localDate.nullable().describe('the last day whose interest is in `owed`'),
  interestTotal: decimalString.describe('interest accrued over the life of the loan'),
  penaltyTotal: decimalString,
  repaidTotal: decimalString,
  repaidAt: time.nullable(),
  overdueDays: z.number().int(),
});
export type Loan = z.infer<typeof loan>;

export const loanAccrual = z.object({
  date: localDate,
  principal: decimalString.describe('outstanding at the end of the day'),
  interest: decimalString,
  penalty: decimalString,
});
export const loanRepayment = z.object({
  id: z.number().int(),
  time,
  amount: decimalString,
  penalty: decimalString,
  interest: decimalString,
  principal: decimalString,
});
export const loanDetail = loan.extend({
  terms: loanTerms,
  accruals: z.array(loanAccrual).describe('newest first'),
  repayments: z.array(loanRepayment).describe('newest first'),
  /** Owed at the end of the due date when nothing more is paid. */
  dueAmount: loanOwed.nullable(),
});
export type LoanDetail = z.infer<typeof loanDetail>;

export const loanListQuery = pageQuery.extend({ status: z.coerce.number().int().min(0).max(3).optional() });

/** A repayment: any part, above zero (the currency's decimals are checked by the server). */
export const repayAmount = decimalString.refine((value) => /[1-9]/.test(value) && !value.startsWith('-'), {
  error: 'validation.amount',
});

export const loanRepayBody = z.strictObject({ id: idField, amount: repayAmount });
export const loanRepayAnswer = z.object({ loan, repayment: loanRepayment });

export const loanPreviewQuery = z.object({
  id: idField,
  amount: repayAmount.optional().describe('what to pay; the whole debt when left out'),
  date: localDate.optional().describe('the UTC day of the payment; today when left out'),
});
export const loanPreview = z.object({
  date: localDate,
  amount: decimalString,
  /** Owed on that day before the payment. */
  owed: loanOwed,
  /** How the payment splits: penalty first, then interest, then principal. */
  paid: loanOwed,
  /** Owed right after it. */
  left: loanOwed,
  overdue: z.boolean(),
});

// Operator calls

/** A product's name per language (English required). */
export const loanProductTranslation = z.strictObject({ name: operatorText(80) });
export const loanProductTranslations = translationsOf(loanProductTranslation);

/** `name` (English) or `translations` (its English entry becomes `name`): one of them on create. */
const loanProductFields = z.strictObject({
  name: z.string().trim().min(1).max(80).optional(),
  translations: loanProductTranslations.optional(),
  currency: z.string().trim().min(1).max(10),
  cycleDays: z.number().int().min(1).max(365),
  dailyInterestRate: dailyRate,
  dailyPenaltyRate: dailyRate,
  minAmount: loanAmount,
  maxAmount: loanAmount,
  sort: z.number().int().min(-1000).max(1000).optional(),
});
export const loanProductBody = loanProductFields.refine((body) => body.name !== undefined || body.translations, {
  path: ['name'],
  error: 'validation.required',
});
export const loanProductUpdateBody = loanProductFields.partial().extend({ id: idField });
export const adminLoanProduct = loanProduct.extend({
  translations: loanProductTranslations.describe('the name in every language written (English always)'),
  sort: z.number().int(),
  closedAt: time.nullable(),
});

export const adminLoanQuery = queueQuery({
  approvalStatus: z.coerce.number().int().min(0).max(2).optional(),
  status: z.coerce.number().int().min(0).max(3).optional(),
  userId: idField.optional().describe("one member's loans"),
});
export const adminLoan = loan.extend({
  userId: z.number().int(),
  member: memberRef,
  ...queueState,
  signature: z.string().describe('upload id: GET /upload/:id shows it to operators'),
  terms: loanTerms,
  reviewerId: z.number().int().nullable(),
});
export const loanReviewBody = z.strictObject({
  id: idField,
  status: z
    .union([z.literal(loanApprovalStatuses.approved), z.literal(loanApprovalStatuses.refused)])
    .describe('1 approve (and disburse), 2 refuse'),
  amount: loanAmount.optional().describe('approve a lower amount than applied for'),
  reason: z.string().trim().max(500).optional().describe('required to refuse'),
});
export type LoanReviewBody = z.infer<typeof loanReviewBody>;

export const loanSetting = z.strictObject({ requiresKyc: z.boolean() });

const publicCall = { access: 'public' } as const;
const member = { access: 'member' } as const;

/** Loans for members (docs/api.md, Loans); every loan call is scoped by the session's user. */
export const loanApi = {
  products: {
    ...publicCall,
    method: 'GET',
    path: '/loan/product/list',
    summary: 'Loan products offered, and whether applying needs identity verification',
    response: ok(loanProductList),
  },
  apply: {
    ...member,
    method: 'POST',
    path: '/loan/apply',
    summary: 'Apply for a loan with a drawn signature, accepting the contract',
    idempotent: true,
    body: loanApplyBody,
    response: ok(loan),
  },
  list: {
    ...member,
    method: 'GET',
    path: '/loan/list',
    summary: 'My loans, newest first',
    query: loanListQuery,
    response: ok(page(loan)),
  },
  detail: {
    ...member,
    method: 'GET',
    path: '/loan/detail',
    summary: 'One of my loans with its daily accruals and repayments',
    query: idQuery,
    response: ok(loanDetail),
  },
  repay: {
    ...member,
    method: 'POST',
    path: '/loan/repay',
    summary: 'Repay any part: penalty first, then interest, then principal',
    idempotent: true,
    body: loanRepayBody,
    response: ok(loanRepayAnswer),
  },
  preview: {
    ...member,
    method: 'GET',
    path: '/loan/repayment/preview',
    summary: 'What paying an amount on a day would settle, and what would be left',
    query: loanPreviewQuery,
    response: ok(loanPreview),
  },
} as const satisfies Api;

const finance = { access: 'operator', roles: ['finance'] } as const;

/** Operator calls of loans: products, the review queue, the KYC rule; every change is audited. */
export const loanAdminApi = {
  productList: {
    ...finance,
    method: 'GET',
    path: '/admin/loan/product/list',
    summary: 'Every loan product, closed ones too',
    response: ok(z.array(adminLoanProduct)),
  },
  productCreate: {
    ...finance,
    method: 'POST',
    path: '/admin/loan/product/create',
    summary: 'Offer a loan product',
    body: loanProductBody,
    response: ok(adminLoanProduct),
  },
  productUpdate: {
    ...finance,
    method: 'POST',
    path: '/admin/loan/product/update',
    summary: 'Change a loan product (loans keep the terms they were applied for with)',
    body: loanProductUpdateBody,
    response: ok(adminLoanProduct),
  },
  productClose: {
    ...finance,
    method: 'POST',
    path: '/admin/loan/product/close',
    summary: 'Stop offering a loan product',
    body: idBody,
    response: ok(adminLoanProduct),
  },
  list: {
    ...finance,
    method: 'GET',
    path: '/admin/loan/list',
    summary: 'Loan applications and loans, newest first',
    query: adminLoanQuery,
    response: ok(page(adminLoan)),
  },
  review: {
    ...finance,
    method: 'POST',
    path: '/admin/loan/review',
    summary: 'Approve (possibly a lower amount; disburses at once) or refuse with a reason',
    idempotent: true,
    body: loanReviewBody,
    response: ok(adminLoan),
  },
  setting: {
    ...finance,
    method: 'GET',
    path: '/admin/loan/setting',
    summary: 'Whether loan applications need a passed identity verification',
    response: ok(loanSetting),
  },
  settingUpdate: {
    ...finance,
    method: 'POST',
    path: '/admin/loan/setting',
    summary: 'Set whether loan applications need a passed identity verification',
    body: loanSetting,
    response: ok(loanSetting),
  },
} as const satisfies Api;
