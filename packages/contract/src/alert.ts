import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idField, isoTime } from './fields.ts';
import { decimalString } from './money.ts';
import { symbolField } from './trade-terms.ts';

/** Price alerts (docs/api.md, Alerts): on a symbol, or on one of the member's open positions. */
export const alertErrors = {
  ALERT_NOT_FOUND: 404,
  /** At most `maxActiveAlerts` active alerts per member. */
  ALERT_LIMIT: 422,
  /** The alert's condition already holds: it tells of a crossing, so it would never fire. */
  ALERT_ALREADY_MET: 422,
  /** The value is outside the kind's range (params min and max). */
  ALERT_VALUE_RANGE: 422,
  /** A position alert names a position that is not open, or not the member's. */
  ALERT_POSITION_CLOSED: 422,
  /** "Near my stop loss" on a position without one. */
  ALERT_NO_STOP_LOSS: 422,
} as const;

export const maxActiveAlerts = 100;

/** Symbol alerts watch the last price; position alerts watch the position (docs/product.md, Alerts). */
export const symbolAlertKinds = ['priceAbove', 'priceBelow', 'changeUp', 'changeDown', 'high52', 'low52'] as const;
export const positionAlertKinds = ['positionPnlPercent', 'positionPnlAmount', 'stopDistance'] as const;
export const alertKinds = [...symbolAlertKinds, ...positionAlertKinds] as const;
export type AlertKind = (typeof alertKinds)[number];
/** The kinds that carry no value: a new 52-week high or low is its own level. */
export const valuelessAlertKinds: readonly AlertKind[] = ['high52', 'low52'];

export const alertStatuses = { active: 'active', paused: 'paused', ended: 'ended' } as const;
export const alertStatusList = ['active', 'paused', 'ended'] as const;
export type AlertStatus = (typeof alertStatusList)[number];

/** A repeating alert waits at least this long between two firings; the default is an hour. */
export const alertCooldown = { min: 1, max: 10_080, default: 60 } as const;

const cooldownMinutes = z.number().int().min(alertCooldown.min).max(alertCooldown.max);

const alertRepeat = { repeat: z.boolean(), cooldownMinutes: cooldownMinutes.optional() };

/** By its kind, an alert names a symbol or a position, and a value unless it is a 52-week one. */
export const alertCreateBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.enum(['priceAbove', 'priceBelow', 'changeUp', 'changeDown']),
    symbol: symbolField,
    /** The price, or the percent against the previous close. */
    value: decimalString,
    ...alertRepeat,
  }),
  z.strictObject({ kind: z.enum(['high52', 'low52']), symbol: symbolField, ...alertRepeat }),
  z.strictObject({
    kind: z.enum(positionAlertKinds),
    positionId: idField,
    /** The floating P/L in percent of the cost or in the position's currency (a loss below 0), or the distance to the stop loss in percent. */
    value: decimalString,
    ...alertRepeat,
  }),
]);
export type AlertCreateBody = z.infer<typeof alertCreateBody>;

export const alertUpdateBody = z.strictObject({
  id: idField,
  value: decimalString.optional(),
  repeat: z.boolean().optional(),
  cooldownMinutes: cooldownMinutes.optional(),
  /** false pauses the alert, true arms it again. */
  active: z.boolean().optional(),
});
export type AlertUpdateBody = z.infer<typeof alertUpdateBody>;

export const alertListQuery = z.object({ symbol: z.string().trim().toUpperCase().max(32).optional() });

export const alertView = z.object({
  id: z.number().int(),
  kind: z.enum(alertKinds),
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  positionId: z.number().int().nullable(),
  value: z.string().nullable(),
  /** The price the alert fires at now (its book level); null while paused or ended. */
  level: z.string().nullable(),
  repeat: z.boolean(),
  cooldownMinutes: z.number().int(),
  status: z.enum(alertStatusList),
  /** Why an alert ended: it fired once, or its position closed. */
  endedBy: z.enum(['fired', 'positionClosed']).nullable(),
  firedCount: z.number().int(),
  lastFiredAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type AlertView = z.infer<typeof alertView>;

export const alertEvent = z.object({
  id: z.number().int(),
  alertId: z.number().int(),
  kind: z.enum(alertKinds),
  symbol: z.string(),
  currency: z.string(),
  value: z.string().nullable(),
  /** The price that fired it. */
  price: z.string(),
  noticeId: z.number().int(),
  firedAt: isoTime,
});
export type AlertEvent = z.infer<typeof alertEvent>;

export const alertApi = {
  list: {
    access: 'member',
    method: 'GET',
    path: '/alert/list',
    summary: 'My alerts, newest first (of one symbol with ?symbol=), deleted ones left out',
    query: alertListQuery,
    response: ok(z.array(alertView)),
  },
  create: {
    access: 'member',
    method: 'POST',
    path: '/alert/create',
    summary: 'Set an alert on a symbol or one of my open positions (at most 100 active)',
    body: alertCreateBody,
    response: ok(alertView),
  },
  update: {
    access: 'member',
    method: 'POST',
    path: '/alert/update',
    summary: 'Change, pause or arm again an alert of mine',
    body: alertUpdateBody,
    response: ok(alertView),
  },
  delete: {
    access: 'member',
    method: 'POST',
    path: '/alert/delete',
    summary: 'Delete an alert of mine (its history stays)',
    body: z.strictObject({ id: idField }),
    response: ok(z.object({ deleted: z.literal(true) })),
  },
  history: {
    access: 'member',
    method: 'GET',
    path: '/alert/history',
    summary: 'My fired alerts, newest first',
    query: pageQuery,
    response: ok(page(alertEvent)),
  },
} as const satisfies Api;
