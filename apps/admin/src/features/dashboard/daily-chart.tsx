import Decimal from 'decimal.js';
import styles from './dashboard.module.css';

type Series = { key: string; label: string; unit: string; points: { date: string; value: string }[] };

const colours = ['#465CFF', '#FF8A3D', '#09BE4F'];
const width = 1000;
const height = 260;
const pad = { left: 88, right: 16, top: 16, bottom: 32 };

/**
 * An axis tick is a scale, not an amount: compact ("1.5M USD") so it fits beside the plot. The
 * exact values stay in each bar's tooltip, formatted by the caller.
 */
// Significant digits, not fraction digits: ticks of a tiny scale (0.002, 0.004) stay apart instead of all "0".
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 3 });
const axisLabel = (value: string, unit: string) =>
  unit === 'count' ? compact.format(Number(value)) : `${compact.format(Number(value))} ${unit}`;

/** Bars per day, one colour per series, side by side; values stay decimals until scaled to pixels. */
export function DailyChart({
  series,
  format,
  label,
}: {
  series: Series[];
  format: (value: string, unit: string) => string;
  label: string;
}) {
  const days = series[0]?.points.map((point) => point.date) ?? [];
  const top = series
    .flatMap((item) => item.points.map((point) => new Decimal(point.value)))
    .reduce((max, value) => Decimal.max(max, value), new Decimal(0));
  const scaleTop = top.isZero() ? new Decimal(1) : top;
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(2, (slot * 0.7) / Math.max(series.length, 1));
  const y = (value: string) => pad.top + plotHeight - new Decimal(value).div(scaleTop).times(plotHeight).toNumber();
  const ticks = [0, 0.5, 1].map((share) => scaleTop.times(share).toDecimalPlaces(2).toString());
  const unit = series[0]?.unit ?? '';

  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className={styles.chart}
        role="img"
        aria-label={label}
        data-testid="daily-chart"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} className={styles.grid} />
            <text x={pad.left - 8} y={y(tick) + 4} textAnchor="end" className={styles.axis}>
              {axisLabel(tick, unit)}
            </text>
          </g>
        ))}
        {days.map((day, index) => (
          <g key={day}>
            {series.map((item, position) => {
              const point = item.points[index];
              if (!point) return null;
              const x = pad.left + index * slot + slot * 0.15 + position * barWidth;
              const top = y(point.value);
              return (
                <rect
                  key={item.key}
                  x={x}
                  y={top}
                  width={barWidth}
                  height={Math.max(0, pad.top + plotHeight - top)}
                  fill={colours[position % colours.length]}
                  rx={2}
                >
                  <title>{`${day} ${item.label}: ${format(point.value, item.unit)}`}</title>
                </rect>
              );
            })}
            {index % 5 === 0 && (
              <text x={pad.left + index * slot + slot / 2} y={height - 10} textAnchor="middle" className={styles.axis}>
                {day.slice(5)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <div className={styles.legend}>
        {series.map((item, position) => (
          <span key={item.key}>
            <i style={{ background: colours[position % colours.length] }} /> {item.label}
          </span>
        ))}
      </div>
    </div>
  );
}
