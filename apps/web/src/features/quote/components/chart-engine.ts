import type { Candle } from '@soar/contract';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';

// docs/product.md section 9: success #09BE4F for a rising bar, danger #FF2B2B for a falling one.
const up = '#09BE4F';
const down = '#FF2B2B';

const palettes = {
  light: { text: '#6b7080', grid: '#eef0f5', line: '#465CFF', lineTop: 'rgba(70, 92, 255, 0.28)' },
  dark: { text: '#9a9eab', grid: '#26272e', line: '#6b7dff', lineTop: 'rgba(107, 125, 255, 0.3)' },
};

export type ChartKind = 'candles' | 'line';

export type ChartOptions = { dark: boolean; locale: string; precision: number; volume: boolean };

/**
 * The chart draws in the viewer's wall-clock time; lightweight-charts reads times as UTC, so an
 * intraday bar is shifted by the local offset. A daily bar keeps its UTC date (its trading day).
 */
function chartTime(iso: string, daily: boolean): UTCTimestamp {
  const date = new Date(iso);
  const seconds = Math.floor(date.getTime() / 1000);
  return (daily ? seconds : seconds - date.getTimezoneOffset() * 60) as UTCTimestamp;
}

// The wire's decimal strings become numbers here, for plotting only.
const toCandle = (bar: Candle, daily: boolean) => ({
  time: chartTime(bar.time, daily),
  open: Number(bar.open),
  high: Number(bar.high),
  low: Number(bar.low),
  close: Number(bar.close),
});

const toVolume = (bar: Candle, daily: boolean) => ({
  time: chartTime(bar.time, daily),
  value: bar.volume,
  color: Number(bar.close) >= Number(bar.open) ? 'rgba(9, 190, 79, 0.45)' : 'rgba(255, 43, 43, 0.45)',
});

const toPoint = (bar: Candle, daily: boolean) => ({ time: chartTime(bar.time, daily), value: Number(bar.close) });

const minuteMs = 60_000;

/**
 * Empty minutes from the last bar to the session's close, so the intraday line spans the whole
 * trading day (a lunch break included) instead of the minutes traded so far.
 */
function restOfSession(bars: Candle[], session?: { open: string; close: string }): { time: UTCTimestamp }[] {
  if (!session) return [];
  const close = Date.parse(session.close);
  const start = bars.length > 0 ? Date.parse(bars[bars.length - 1]?.time ?? '') + minuteMs : Date.parse(session.open);
  const points: { time: UTCTimestamp }[] = [];
  // A day has at most 1,440 minutes; a longer session (a market that never closes) is not padded.
  if (!Number.isFinite(start) || close - start > 24 * 60 * minuteMs) return points;
  for (let time = start; time <= close; time += minuteMs) {
    points.push({ time: chartTime(new Date(time).toISOString(), false) });
  }
  return points;
}

export type KlineChartApi = ReturnType<typeof createKlineChart>;

/** A candlestick chart with a volume histogram, or a line of closes, in one lightweight-charts chart. */
export function createKlineChart(container: HTMLElement, options: ChartOptions) {
  const minMove = 10 ** -options.precision;
  const priceFormat = { type: 'price' as const, precision: options.precision, minMove };
  // Axis labels in the viewer's locale (German 254,00), at the instrument's tick decimals.
  const number = new Intl.NumberFormat(options.locale, {
    minimumFractionDigits: options.precision,
    maximumFractionDigits: options.precision,
  });
  const chart = createChart(container, {
    autoSize: true,
    localization: { locale: options.locale, priceFormatter: (value: number) => number.format(value) },
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, attributionLogo: false, fontSize: 11 },
    rightPriceScale: { borderVisible: false },
    // Both edges fixed: the first bar starts at the left edge and the labels at either edge are
    // moved inside the chart, so neither the first nor the last time label is cut off.
    timeScale: {
      borderVisible: false,
      timeVisible: true,
      secondsVisible: false,
      fixLeftEdge: true,
      fixRightEdge: true,
    },
    handleScale: { axisPressedMouseMove: false },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: up,
    downColor: down,
    wickUpColor: up,
    wickDownColor: down,
    borderVisible: false,
    priceFormat,
    // The header shows the live price; a tag on the axis would hide the label under it.
    lastValueVisible: false,
  });
  // Room above the highest bar, so the top axis label is not clipped.
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: options.volume ? 0.26 : 0.1 } });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
    visible: options.volume,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const line = chart.addSeries(AreaSeries, { lineWidth: 2, priceFormat, visible: false, lastValueVisible: false });

  let kind: ChartKind = 'candles';
  let daily = false;
  let last: Time | null = null;

  function setTheme(dark: boolean) {
    const palette = dark ? palettes.dark : palettes.light;
    chart.applyOptions({
      layout: { textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    });
    line.applyOptions({ lineColor: palette.line, topColor: palette.lineTop, bottomColor: 'rgba(0, 0, 0, 0)' });
  }
  setTheme(options.dark);

  const visible = (series: ISeriesApi<'Candlestick' | 'Histogram' | 'Area'>, on: boolean) =>
    series.applyOptions({ visible: on });

  return {
    setTheme,
    /** Replaces the chart's bars; `isDaily` bars are dated by their trading day. */
    setBars(bars: Candle[], nextKind: ChartKind, isDaily: boolean, session?: { open: string; close: string }) {
      kind = nextKind;
      daily = isDaily;
      visible(candles, kind === 'candles');
      visible(volume, kind === 'candles' && options.volume);
      visible(line, kind === 'line');
      candles.setData(kind === 'candles' ? bars.map((bar) => toCandle(bar, daily)) : []);
      volume.setData(kind === 'candles' && options.volume ? bars.map((bar) => toVolume(bar, daily)) : []);
      line.setData(kind === 'line' ? [...bars.map((bar) => toPoint(bar, daily)), ...restOfSession(bars, session)] : []);
      last = bars.length > 0 ? chartTime(bars[bars.length - 1]?.time ?? '', daily) : null;
      chart.timeScale().fitContent();
    },
    /** The open bar from the socket; a bar older than the newest shown is ignored. */
    update(bar: Candle) {
      const time = chartTime(bar.time, daily);
      if (last !== null && time < (last as number)) return;
      last = time;
      if (kind === 'line') {
        line.update(toPoint(bar, daily));
        return;
      }
      candles.update(toCandle(bar, daily));
      if (options.volume) volume.update(toVolume(bar, daily));
    },
    remove: () => chart.remove(),
  };
}
