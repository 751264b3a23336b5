import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newKey, useIdempotentAttempt } from './idempotency.ts';

describe('idempotency keys of money-moving submissions', () => {
  it('are UUID v4 strings', () => {
    expect(newKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newKey()).not.toBe(newKey());
  });

  it('reuse the key when the same submission is retried after a failure', () => {
    const { result } = renderHook(() => useIdempotentAttempt<{ amount: string }>());
    const first = result.current.attempt({ amount: '100' });
    const retry = result.current.attempt({ amount: '100' });
    expect(retry.key).toBe(first.key);
  });

  it('take a new key when the submission changes or the last one succeeded', () => {
    const { result } = renderHook(() => useIdempotentAttempt<{ amount: string }>());
    const first = result.current.attempt({ amount: '100' });
    const changed = result.current.attempt({ amount: '200' });
    expect(changed.key).not.toBe(first.key);
    result.current.succeeded();
    expect(result.current.attempt({ amount: '200' }).key).not.toBe(changed.key);
  });

  it('send: a failed submission keeps its key for the retry, a taken one frees it', async () => {
    const { result } = renderHook(() => useIdempotentAttempt<{ amount: string }>());
    const keys: string[] = [];
    const refused = (attempt: { key: string }) => {
      keys.push(attempt.key);
      return Promise.reject(new Error('network'));
    };
    const taken = (attempt: { key: string }) => {
      keys.push(attempt.key);
      return Promise.resolve({ id: 7 });
    };
    expect(await result.current.send(refused, { amount: '100' })).toBeUndefined();
    expect(await result.current.send(taken, { amount: '100' })).toEqual({ answer: { id: 7 } });
    await result.current.send(taken, { amount: '100' });
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
