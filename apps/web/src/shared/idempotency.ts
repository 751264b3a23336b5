import { useRef } from 'react';

/** A submission and the Idempotency-Key it goes with (docs/ledger.md). */
export type Attempt<T> = { body: T; key: string };

export const idempotencyHeaders = (key: string) => ({ 'Idempotency-Key': key });

/** A UUID v4; `crypto.randomUUID` exists only in secure contexts, so it is built from random bytes. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submission. Sending the same body again after a failure reuses the key: if the
 * first request reached the server and only its answer was lost, the server replays that answer
 * instead of moving the money twice; a refused request rolled its key back, so reuse is harmless.
 * A changed body or a success starts a new key.
 */
export function useIdempotentAttempt<T>() {
  const last = useRef<{ json: string; key: string } | undefined>(undefined);
  const attempt = (body: T): Attempt<T> => {
    const json = JSON.stringify(body);
    if (last.current?.json !== json) last.current = { json, key: newKey() };
    return { body, key: last.current.key };
  };
  return {
    attempt,
    succeeded() {
      last.current = undefined;
    },
    /**
     * Sends `body` under its key: `{ answer }` once the server took it (the next submission gets a
     * new key), undefined when it failed (the request client has said why; the key is kept).
     */
    async send<R>(mutate: (attempt: Attempt<T>) => Promise<R>, body: T): Promise<{ answer: R } | undefined> {
      let answer: R;
      try {
        answer = await mutate(attempt(body));
      } catch {
        return undefined;
      }
      last.current = undefined;
      return { answer };
    },
  };
}
