import type { Performance } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../shared/format.ts';
import styles from './performance.module.css';

const width = 320;
const height = 160;
const pad = { top: 10, right: 8, bottom: 18, left: 8 };

/**
 * The time-weighted return of the account (solid) against the index (dashed) since the range
 * began, as percentages: a small SVG, no chart library on this page.
 */
export function EquityChart({ data }: { data: Performance }) {
  const { t, i18n } = useTranslation();
  const mine = data.points.map((point) => Number(point.return) * 100);
  const index = data.points.map((point) => (point.benchmark === null ? null : Number(point.benchmark) * 100));
  const values = [...mine, ...index.filter((value): value is number => value !== null), 0];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (i: number) =>
    pad.left + (data.points.length < 2 ? 0 : (i / (data.points.length - 1)) * (width - pad.left - pad.right));
  const y = (value: number) => pad.top + ((high - value) / span) * (height - pad.top - pad.bottom);
  const line = (series: (number | null)[]) =>
    series
      .map((value, i) => (value === null ? null : `${x(i).toFixed(1)},${y(value).toFixed(1)}`))
      .filter(Boolean)
      .join(' ');
  const first = data.points[0]?.date ?? '';
  const last = data.points.at(-1)?.date ?? '';
  const label = t('portfolio.performance.yourReturn');
  return (
    <figure className={styles.chart} data-testid="equity-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${label} ${formatPercent(Number(data.return) * 100, i18n.language)}`}
      >
        <line className={styles.zero} x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} />
        {data.benchmark && <polyline className={styles.indexLine} points={line(index)} />}
        <polyline className={styles.mineLine} points={line(mine)} />
        <text className={styles.axis} x={pad.left} y={height - 4}>
          {first}
        </text>
        <text className={styles.axis} x={width - pad.right} y={height - 4} textAnchor="end">
          {last}
        </text>
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.mineKey}>{label}</span>
        {data.benchmark && <span className={styles.indexKey}>{data.benchmark.name}</span>}
      </figcaption>
    </figure>
  );
}
