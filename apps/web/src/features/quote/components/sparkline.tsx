import type { Candle } from '@soar/contract';
import type { Direction } from '../../../shared/quote/format.ts';
import { directionClass } from '../../../shared/quote/index-card.tsx';
import styles from '../quote.module.css';

const width = 120;
const height = 36;

/** A small line of closes; prices become numbers here for drawing only. */
export function Sparkline({ bars, direction }: { bars: Candle[]; direction: Direction }) {
  const closes = bars.map((bar) => Number(bar.close));
  if (closes.length < 2) return <svg className={styles.sparkline} viewBox={`0 0 ${width} ${height}`} aria-hidden />;
  const low = Math.min(...closes);
  const span = Math.max(...closes) - low || 1;
  const points = closes
    .map((close, index) => {
      const x = (index / (closes.length - 1)) * width;
      const y = height - 2 - ((close - low) / span) * (height - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      className={`${styles.sparkline} ${directionClass[direction]}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden
      data-testid="sparkline"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
