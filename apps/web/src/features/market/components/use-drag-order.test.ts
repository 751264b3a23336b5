import { describe, expect, it } from 'vitest';
import { moveTo } from './use-drag-order.ts';

describe('moveTo', () => {
  it('moves an item down and up, clamped to the list', () => {
    expect(moveTo(['A', 'B', 'C'], 'A', 2)).toEqual(['B', 'C', 'A']);
    expect(moveTo(['A', 'B', 'C'], 'C', 0)).toEqual(['C', 'A', 'B']);
    expect(moveTo(['A', 'B', 'C'], 'B', 9)).toEqual(['A', 'C', 'B']);
  });
});
