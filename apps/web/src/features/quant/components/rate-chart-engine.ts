import { ColorType, createChart, LineSeries, LineStyle } from 'lightweight-charts';

const palettes = {
  // The band's axis labels carry their title on the band colour: dark enough for white text in light,
  // bright enough for dark text in dark (AA either way).
  light: { text: '#6b7080', grid: '#eef0f5', line: '#465CFF', band: '#05692f', bandText: '#ffffff' },
  dark: { text: '#9a9eab', grid: '#26272e', line: '#6b7dff', band: '#2fd673', bandText: '#101014' },
};

export type RatePoint = { date: string; rate: string };
export type RateChartApi = ReturnType<typeof createRateChart>;

/**
 * A fund's realised daily rates as a line, in percent, between two dashed lines at the promised
 * lowest and highest rate. Dates are the fund days (business days, no time of day).
 */
export function createRateChart(
  container: HTMLElement,
  options: { dark: boolean; locale: string; min: string; max: string; labels: { min: string; max: string } },
) {
  // The wire's decimal strings become numbers here, for plotting only.
  const min = Number(options.min) * 100;
  const max = Number(options.max) * 100;
  const percent = new Intl.NumberFormat(options.locale, { maximumFractionDigits: 3, minimumFractionDigits: 2 });
  const chart = createChart(container, {
    autoSize: true,
    localization: { locale: options.locale, priceFormatter: (value: number) => `${percent.format(value)}%` },
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, attributionLogo: false, fontSize: 11 },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.15, bottom: 0.15 } },
    timeScale: { borderVisible: false },
    handleScale: { axisPressedMouseMove: false },
  });
  const line = chart.addSeries(LineSeries, {
    lineWidth: 2,
    priceLineVisible: false,
    autoscaleInfoProvider: () => ({ priceRange: { minValue: min, maxValue: max } }),
  });
  const band = (price: number, title: string) =>
    line.createPriceLine({ price, lineStyle: LineStyle.Dashed, lineWidth: 1, axisLabelVisible: true, title });
  const lines = [band(min, options.labels.min), band(max, options.labels.max)];

  function setTheme(dark: boolean) {
    const palette = dark ? palettes.dark : palettes.light;
    chart.applyOptions({
      layout: { textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    });
    line.applyOptions({ color: palette.line });
    for (const priceLine of lines)
      priceLine.applyOptions({ color: palette.band, axisLabelTextColor: palette.bandText });
  }
  setTheme(options.dark);

  return {
    setRates(points: RatePoint[]) {
      line.setData(points.map((point) => ({ time: point.date, value: Number(point.rate) * 100 })));
      // Two bars of room at each end: a date label on the first or last days is drawn whole, not cut.
      if (points.length > 0) chart.timeScale().setVisibleLogicalRange({ from: -2, to: points.length + 1 });
    },
    setTheme,
    remove: () => chart.remove(),
  };
}
