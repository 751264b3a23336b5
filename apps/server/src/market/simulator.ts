import { localTime } from '../core/time.ts';
import type { Instrument, QuoteState } from './instrument.ts';
import { quotedSides, roundToTick } from './instrument.ts';
import { hashSeed, Random } from './random.ts';
import { sessionLength, sessionProgress, volumeShape } from './sessions.ts';

export type SimulatorOptions = {
  seed: number;
  /** Every market trades around the clock (demos); otherwise sessions, weekends and holidays apply. */
  alwaysOpen: boolean;
  /** Share of the open instruments that trade on one step. */
  fraction?: number;
};

export type Trade = { instrument: Instrument; state: QuoteState; price: number; volume: number; time: number };

const tradingDaysPerYear = 252;
/** Pull toward the reference price per year: a half-life of about three months keeps prices sane. */
const reversion = 3;
const secondsPerYear = (instrument: Instrument) => tradingDaysPerYear * sessionLength(instrument.schedule) * 60;

/**
 * The embedded quote source: geometric Brownian motion with per-instrument volatility, mean
 * reverting (in log price) toward the reference, on each market's tick grid. Deterministic: the
 * same seed and the same sequence of `step(now)` calls give the same trades.
 */
export class Simulator {
  readonly states = new Map<number, QuoteState>();
  readonly #picker: Random;
  readonly #walks = new Map<number, Random>();
  readonly #fraction: number;

  constructor(
    readonly instruments: Instrument[],
    private readonly options: SimulatorOptions,
  ) {
    this.#picker = new Random(hashSeed(options.seed, 'picker'));
    this.#fraction = options.fraction ?? 1 / 8;
    for (const instrument of instruments) {
      this.#walks.set(instrument.id, new Random(hashSeed(options.seed, `walk:${instrument.symbol}`)));
    }
  }

  /** A new instrument (an IPO listing) joins the walk from `state`. */
  add(instrument: Instrument, state: QuoteState): void {
    this.instruments.push(instrument);
    this.#walks.set(instrument.id, new Random(hashSeed(this.options.seed, `walk:${instrument.symbol}`)));
    this.states.set(instrument.id, { ...state });
  }

  /** Starts an instrument from its last known bar, or (no history) near its reference price. */
  initialise(instrument: Instrument, at: number, from?: Omit<QuoteState, 'time'>): void {
    if (from) {
      this.states.set(instrument.id, { ...from, time: at });
      return;
    }
    const random = new Random(hashSeed(this.options.seed, `start:${instrument.symbol}`));
    const daily = instrument.volatility / Math.sqrt(tradingDaysPerYear);
    const prevClose = roundToTick(instrument, instrument.referencePrice * Math.exp(daily * random.gaussian()));
    const mid = prevClose * Math.exp(daily * random.gaussian());
    const price = roundToTick(instrument, mid);
    const open = roundToTick(instrument, prevClose * Math.exp(daily * 0.3 * random.gaussian()));
    const volume = Math.round(instrument.averageVolume * (0.2 + 0.6 * random.next()));
    this.states.set(instrument.id, {
      price,
      open,
      high: Math.max(open, price),
      low: Math.min(open, price),
      prevClose,
      volume: volume - (volume % instrument.lotSize),
      day: localTime(new Date(at), instrument.schedule.timezone).date,
      time: at,
      mid,
    });
  }

  isOpen(instrument: Instrument, at: Date): boolean {
    return this.options.alwaysOpen || sessionProgress(instrument.schedule, at) !== null;
  }

  /** One step of the market: a random share of the open instruments trades once each. */
  step(now: Date): Trade[] {
    const open = this.instruments.filter((instrument) => this.isOpen(instrument, now));
    if (open.length === 0) return [];
    const count = Math.max(1, Math.round(open.length * this.#fraction));
    for (let i = 0; i < count; i++) {
      const j = i + this.#picker.int(open.length - i);
      [open[i], open[j]] = [open[j] as Instrument, open[i] as Instrument];
    }
    return open.slice(0, count).map((instrument) => this.trade(instrument, now));
  }

  trade(instrument: Instrument, now: Date): Trade {
    const state = this.states.get(instrument.id);
    const walk = this.#walks.get(instrument.id);
    if (!state || !walk) throw new Error(`instrument ${instrument.symbol} is not initialised`);
    const time = now.getTime();
    const day = localTime(now, instrument.schedule.timezone).date;
    if (day !== state.day) {
      state.prevClose = state.price;
      state.open = state.high = state.low = state.price;
      state.volume = 0;
      state.day = day;
    }
    const seconds = Math.min(Math.max((time - state.time) / 1000, 0.25), 60);
    const dt = seconds / secondsPerYear(instrument);
    const sigma = instrument.volatility;
    // The walk continues from the unrounded price: rounding each step to the grid would round
    // away every move smaller than half a tick, and a coarse-tick stock would never move.
    const logPrice = Math.log(state.mid ?? state.price);
    const pull = reversion * (Math.log(instrument.referencePrice) - logPrice);
    const next = logPrice + (pull - (sigma * sigma) / 2) * dt + sigma * Math.sqrt(dt) * walk.gaussian();
    const mid = Math.exp(next);
    const price = this.#print(instrument, state, mid, walk);

    const progress = sessionProgress(instrument.schedule, now);
    const expected = (instrument.averageVolume * seconds) / (sessionLength(instrument.schedule) * 60);
    const raw = expected * volumeShape(progress ?? 0.5) * Math.exp(0.5 * walk.gaussian() - 0.125);
    const volume = instrument.kind === 'index' ? 0 : Math.round(raw / instrument.lotSize) * instrument.lotSize;

    state.mid = mid;
    state.price = price;
    state.high = Math.max(state.high, price);
    state.low = Math.min(state.low, price);
    state.volume += volume;
    state.time = time;
    return { instrument, state, price, volume, time };
  }

  /**
   * Where a trade prints (docs/market.md, Bid and ask): a stock trades at the bid or the ask
   * around the unrounded price, at the ask with the chance that the price sits toward it, so prints
   * average the price; an index level is the price on its grid.
   */
  #print(instrument: Instrument, state: QuoteState, mid: number, walk: Random): number {
    if (instrument.kind === 'index') {
      state.quoted = undefined;
      return roundToTick(instrument, mid);
    }
    const { bid, ask } = quotedSides(instrument, mid);
    const price = walk.next() < (mid - bid) / (ask - bid) ? ask : bid;
    state.quoted = { last: price, bid, ask };
    return price;
  }
}
