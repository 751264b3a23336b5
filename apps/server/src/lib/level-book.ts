import type Decimal from 'decimal.js';
import { Money } from './decimal.ts';

/**
 * The per-symbol trigger book (docs/trading.md, Engine): waiting triggers sorted by the price
 * that fires them (the trading engine's orders and position triggers, and price alerts). `up`
 * entries fire when the price rises to their level (lowest first), `down` entries when it falls to
 * theirs (highest first). A tick pops only the crossed entries: with no
 * crossed trigger it looks at two array heads, whatever the number of resting orders.
 */
export type Trigger = {
  /** `order:<id>`, `sl:<position id>`, `tp:<id>`, `so:<id>`; an alert's id. */
  key: string;
  /** In price units (`priceUnits`), so comparisons are exact. */
  level: bigint;
  up: boolean;
};

/** Prices carry at most 8 decimals (the contract's price field): one unit is 10^-8. */
const unitsPerPrice = new Money(10).pow(8);

/** A price as an exact integer of 10^-8 units (a JS number would round past 15 digits). */
export function priceUnits(price: Decimal.Value): bigint {
  return BigInt(new Money(price).mul(unitsPerPrice).toFixed(0, Money.ROUND_HALF_UP));
}

class Side {
  /** Sorted so that the next entry to fire is at the end (pop is O(1)). */
  readonly entries: Trigger[] = [];

  constructor(private readonly up: boolean) {}

  /** Whether `a` fires before `b`. */
  private before(a: bigint, b: bigint) {
    return this.up ? a < b : a > b;
  }

  insert(trigger: Trigger) {
    // Binary search for the position keeping "fires last" at index 0 and "fires first" at the end.
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const entry = this.entries[mid];
      if (entry && this.before(trigger.level, entry.level)) low = mid + 1;
      else high = mid;
    }
    this.entries.splice(low, 0, trigger);
  }

  crossed(price: bigint, out: Trigger[], live: Map<string, Trigger>) {
    for (;;) {
      const head = this.entries.at(-1);
      if (!head) return;
      if (live.get(head.key) !== head) {
        this.entries.pop(); // removed or replaced since: drop lazily
        continue;
      }
      if (this.up ? head.level > price : head.level < price) return;
      this.entries.pop();
      live.delete(head.key);
      out.push(head);
    }
  }
}

export class SymbolBook {
  readonly #up = new Side(true);
  readonly #down = new Side(false);
  readonly #live = new Map<string, Trigger>();

  get size() {
    return this.#live.size;
  }

  /** Adds or replaces the trigger of `key`. */
  set(trigger: Trigger) {
    this.#live.set(trigger.key, trigger);
    (trigger.up ? this.#up : this.#down).insert(trigger);
  }

  remove(key: string) {
    this.#live.delete(key);
  }

  has(key: string) {
    return this.#live.has(key);
  }

  /** Removes and answers the triggers `price` (in price units) crossed, in firing order per side. */
  crossed(price: bigint): Trigger[] {
    const out: Trigger[] = [];
    this.#up.crossed(price, out, this.#live);
    this.#down.crossed(price, out, this.#live);
    return out;
  }
}

/** The books of every symbol. */
export class TriggerBook {
  readonly #books = new Map<string, SymbolBook>();

  of(symbol: string): SymbolBook {
    let book = this.#books.get(symbol);
    if (!book) {
      book = new SymbolBook();
      this.#books.set(symbol, book);
    }
    return book;
  }

  get size() {
    let total = 0;
    for (const book of this.#books.values()) total += book.size;
    return total;
  }

  clear() {
    this.#books.clear();
  }
}
