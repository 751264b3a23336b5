import { describe, expect, it } from 'vitest';
import { addRecent, maxRecentSearches } from './recent-searches.ts';

describe('addRecent', () => {
  it('puts the newest search first and keeps a repeated one once, ignoring case', () => {
    expect(addRecent(['apple', 'tesla'], 'Tesla')).toEqual(['Tesla', 'apple']);
  });

  it('keeps at most ten searches, dropping the oldest', () => {
    const list = Array.from({ length: maxRecentSearches }, (_, index) => `q${index}`);
    const next = addRecent(list, 'new');
    expect(next).toHaveLength(maxRecentSearches);
    expect(next[0]).toBe('new');
    expect(next).not.toContain(`q${maxRecentSearches - 1}`);
  });

  it('ignores blank searches', () => {
    expect(addRecent(['apple'], '   ')).toEqual(['apple']);
  });
});
