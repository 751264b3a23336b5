import type { Quote } from '@soar/contract';
import { useState } from 'react';
import { useTopic } from '../../../shared/realtime/index.ts';

/** A list item's quote, replaced by every `quote:<SYMBOL>` frame while it is on screen. */
export function useLiveLevel(initial: Quote): Quote {
  const [live, setLive] = useState<Quote | null>(null);
  useTopic<Quote>(`quote:${initial.symbol}`, setLive);
  return live && live.symbol === initial.symbol ? live : initial;
}
