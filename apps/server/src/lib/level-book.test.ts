import { describe, expect, it } from 'vitest';
import { priceUnits, SymbolBook } from './level-book.ts';

describe('the trigger book', () => {
  it('compares prices exactly, beyond what a JS number can tell apart', () => {
    const book = new SymbolBook();
    // 999,999,999,999.99999999 and 999,999,999,999.99999998 are the same JS number.
    book.set({ key: 'order:1', level: priceUnits('999999999999.99999999'), up: true });
    book.set({ key: 'order:2', level: priceUnits('999999999999.99999998'), up: false });
    expect(book.crossed(priceUnits('999999999999.99999998')).map((trigger) => trigger.key)).toEqual(['order:2']);
    expect(book.crossed(priceUnits('999999999999.99999998'))).toEqual([]);
    expect(book.crossed(priceUnits('999999999999.99999999')).map((trigger) => trigger.key)).toEqual(['order:1']);
  });

  it('fires a level exactly at the price, not a unit before', () => {
    const book = new SymbolBook();
    book.set({ key: 'sl:1', level: priceUnits('95.1'), up: false });
    book.set({ key: 'tp:1', level: priceUnits('110.01'), up: true });
    expect(book.crossed(priceUnits('95.10000001'))).toEqual([]);
    expect(book.crossed(priceUnits('110.00999999'))).toEqual([]);
    expect(book.crossed(priceUnits('95.10')).map((trigger) => trigger.key)).toEqual(['sl:1']);
    expect(book.crossed(priceUnits('110.01')).map((trigger) => trigger.key)).toEqual(['tp:1']);
  });
});
