export type QueueAge = { unit: 'justNow' | 'minutes' | 'hours' | 'days'; count: number };

const minuteMs = 60 * 1000;

/** How long the oldest item of a queue has waited, in the largest whole unit that reads well. */
export function queueAge(oldestAt: string, now: number): QueueAge {
  const minutes = Math.floor((now - Date.parse(oldestAt)) / minuteMs);
  if (minutes < 1) return { unit: 'justNow', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  // Up to two days in hours: "30 h" says more than "1 d".
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
