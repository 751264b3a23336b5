import { type Endpoint, type FeedHealth, type OperatorRole, roleAllows } from '@soar/contract';
import { Money, moneyString } from '../../lib/decimal.ts';

export type DashboardQueue = { key: string; count: number; oldestAt: string | null };
export type DashboardFigure = { key: string; value: string; unit: string };
export type DashboardSeries = { key: string; unit: string; points: { date: string; value: string }[] };
export type DashboardPart = { figures?: DashboardFigure[]; series?: DashboardSeries[]; feeds?: FeedHealth[] };

/** Today (UTC) and the 30 days of the chart, oldest first. */
export type DashboardRange = { now: Date; todayStart: Date; from: Date; days: string[] };

/** What waits in a queue: how many items, and since when the oldest of them. */
export type Waiting = { count: number; oldest: Date | null };

/**
 * A work queue of the dashboard. `decidedBy` is the contract's call that decides its items: the
 * queue shows to `admin` and to the roles that call allows, so the dashboard offers a role exactly
 * the work the server lets it do.
 */
export type DashboardQueueSource = {
  key: string;
  decidedBy: Pick<Endpoint, 'roles'>;
  waiting(now: Date): Promise<Waiting>;
};

/**
 * A domain's part of the dashboard: today's figures and daily series, shown to `admin` and to the
 * roles listed; its work queues, each shown to the roles that may decide it.
 */
export type DashboardProvider = {
  name: string;
  roles?: readonly OperatorRole[];
  collect?(range: DashboardRange): Promise<DashboardPart>;
  queues?: DashboardQueueSource[];
};

export const dashboardDays = 30;
const dayMs = 24 * 60 * 60 * 1000;

export function dashboardRange(now: Date, days = dashboardDays): DashboardRange {
  const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(todayStart.getTime() - (days - 1) * dayMs);
  const list = Array.from({ length: days }, (_, index) =>
    new Date(from.getTime() + index * dayMs).toISOString().slice(0, 10),
  );
  return { now, todayStart, from, days: list };
}

/** A series over every day of the range, zero where nothing happened. */
export function dailySeries(
  key: string,
  unit: string,
  range: DashboardRange,
  values: Map<string, Money>,
): DashboardSeries {
  return {
    key,
    unit,
    points: range.days.map((date) => ({ date, value: moneyString(values.get(date) ?? new Money(0)) })),
  };
}

/** Domains register providers in `buildApp`; `GET admin/dashboard` merges what the role may see. */
export class Dashboard {
  readonly #providers: DashboardProvider[] = [];

  constructor(private readonly clock: () => number = Date.now) {}

  register(provider: DashboardProvider): void {
    if (this.#providers.some((existing) => existing.name === provider.name)) {
      throw new Error(`dashboard provider ${provider.name} registered twice`);
    }
    this.#providers.push(provider);
  }

  async collect(role: OperatorRole) {
    const range = dashboardRange(new Date(this.clock()));
    const sources = this.#providers.flatMap((provider) => provider.queues ?? []);
    const shown = sources.filter((source) => roleAllows(source.decidedBy, role));
    const visible = this.#providers.filter((provider) => provider.collect && roleAllows(provider, role));
    const [queues, parts] = await Promise.all([
      Promise.all(shown.map(async (source) => queueView(source.key, await source.waiting(range.now)))),
      Promise.all(visible.map((provider): Promise<DashboardPart> => provider.collect?.(range) ?? Promise.resolve({}))),
    ]);
    return {
      day: range.days[range.days.length - 1] ?? '',
      queues,
      figures: parts.flatMap((part) => part.figures ?? []),
      series: parts.flatMap((part) => part.series ?? []),
      feeds: parts.flatMap((part) => part.feeds ?? []),
    };
  }
}

function queueView(key: string, waiting: Waiting): DashboardQueue {
  return { key, count: waiting.count, oldestAt: waiting.count > 0 ? (waiting.oldest?.toISOString() ?? null) : null };
}
