import type { PointGroup } from 'signature_pad';

/**
 * The application as the member left it to read the contract: the product, the amount, the
 * agreement and the signature's strokes. The contract is a page of its own, so the form would
 * start empty on the way back; it is kept for this tab only (sessionStorage) and taken once.
 */
export type LoanDraft = { productId: number; amount: string; agree: boolean; strokes: PointGroup[] };

const key = 'soar-loan-draft';

export function saveLoanDraft(draft: LoanDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage may be full or refused (private mode): the form then starts empty, as before.
  }
}

export function readLoanDraft(): LoanDraft | undefined {
  try {
    const stored = sessionStorage.getItem(key);
    const draft = stored ? (JSON.parse(stored) as Partial<LoanDraft>) : undefined;
    if (typeof draft?.productId !== 'number' || typeof draft.amount !== 'string') return undefined;
    return {
      productId: draft.productId,
      amount: draft.amount,
      agree: draft.agree === true,
      strokes: Array.isArray(draft.strokes) ? draft.strokes : [],
    };
  } catch {
    return undefined;
  }
}

export function clearLoanDraft(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept: nothing to clear.
  }
}
