/**
 * Money-moving calls carry an `Idempotency-Key` (docs/ledger.md): one per decision, so a retry
 * after a lost answer replays the first one instead of deciding twice.
 */
export function idempotencyHeaders(): Record<string, string> {
  return { 'idempotency-key': crypto.randomUUID() };
}
