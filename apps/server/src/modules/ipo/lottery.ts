import { createHash, randomBytes } from 'node:crypto';

/** An application in the lottery: its id and the lots it asked. */
export type Ticket = { id: number; lots: number };

/** A fresh lottery seed: 32 random bytes, hex. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment shown on the offer until the results: SHA-256 of the seed's bytes, hex. */
export function seedHash(seed: string): string {
  return createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
}

const range = 2 ** 48;

/**
 * The random stream of the lottery (docs/ipo.md, "Recomputing an allotment"): draw k is
 * SHA-256(seed bytes || k as 4 bytes big-endian); its first 6 bytes, big-endian, are a number
 * below 2^48. `below(n)` rejects draws at or above the largest multiple of n under 2^48 (so every
 * answer is equally likely) and answers the draw modulo n.
 */
export class SeedStream {
  #counter = 0;
  readonly #seed: Buffer;

  constructor(seed: string) {
    this.#seed = Buffer.from(seed, 'hex');
  }

  private next(): number {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.#counter++);
    return createHash('sha256').update(this.#seed).update(counter).digest().readUIntBE(0, 6);
  }

  below(n: number): number {
    const limit = Math.floor(range / n) * n;
    for (;;) {
      const draw = this.next();
      if (draw < limit) return draw % n;
    }
  }
}

/**
 * The lottery weighted by lots (docs/ipo.md): each application holds one ticket per lot asked,
 * laid out in order of application id; a Fisher–Yates shuffle driven by the seed picks `lots`
 * tickets without replacement (step i swaps position i with i + below(total - i)); each ticket
 * picked is one lot for its application. So nobody gets more than asked, and when everything
 * asked fits every application gets all of it. Answers allotted lots by application id.
 */
export function drawLots(seed: string, tickets: Ticket[], lots: number): Map<number, number> {
  const ordered = [...tickets].filter((ticket) => ticket.lots > 0).sort((a, b) => a.id - b.id);
  const total = ordered.reduce((sum, ticket) => sum + ticket.lots, 0);
  const result = new Map(ordered.map((ticket) => [ticket.id, 0]));
  if (total <= lots) {
    for (const ticket of ordered) result.set(ticket.id, ticket.lots);
    return result;
  }
  // The tickets' positions, swapped sparsely: only positions touched are stored.
  const swapped = new Map<number, number>();
  const at = (position: number) => swapped.get(position) ?? position;
  const ends: number[] = [];
  let end = 0;
  for (const ticket of ordered) {
    end += ticket.lots;
    ends.push(end);
  }
  const owner = (position: number) => {
    let low = 0;
    let high = ends.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((ends[middle] ?? 0) > position) high = middle;
      else low = middle + 1;
    }
    return ordered[low]?.id ?? 0;
  };
  const stream = new SeedStream(seed);
  for (let i = 0; i < lots; i++) {
    const j = i + stream.below(total - i);
    const picked = at(j);
    swapped.set(j, at(i));
    swapped.set(i, picked);
    const id = owner(picked);
    result.set(id, (result.get(id) ?? 0) + 1);
  }
  return result;
}
