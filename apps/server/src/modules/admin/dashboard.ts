import { type OperatorRole, roleAllows } from '@soar/contract';
import { Money, moneyString } from '../../lib/decimal.ts';

export type DashboardQueue = { key: string; count: number };
export type DashboardFigure = { key: string; value: string; unit: string };
export type DashboardSeries = { key: string; unit: string; points: { date: string; value: string }[] };
export type DashboardPart = { queues?: DashboardQueue[]; figures?: DashboardFigure[]; series?: DashboardSeries[] };

/** Today (UTC) and the 30 days of the chart, oldest first. */
export type DashboardRange = { now: Date; todayStart: Date; from: Date; days: string[] };

/**
 * A domain's part of the dashboard: its waiting queues, today's figures and daily series. It is
 * shown to `admin` and to the roles listed, so a role sees only what it may act on.
 */
export type DashboardProvider = {
  name: string;
  roles: readonly OperatorRole[];
  collect(range: DashboardRange): Promise<DashboardPart>;
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
    const visible = this.#providers.filter((provider) => roleAllows(provider, role));
    const parts = await Promise.all(visible.map((provider) => provider.collect(range)));
    return {
      day: range.days[range.days.length - 1] ?? '',
      queues: parts.flatMap((part) => part.queues ?? []),
      figures: parts.flatMap((part) => part.figures ?? []),
      series: parts.flatMap((part) => part.series ?? []),
    };
  }
}
