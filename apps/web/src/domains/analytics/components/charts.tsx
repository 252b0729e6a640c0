import { formatNumber, formatPoundsTick, moneyTicks } from '@lastman/api/format';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { type ReactNode, useCallback, useState } from 'react';
import { barLabels } from './bar-labels.ts';

// SVG charts from visx (docs/decisions/017-charts.md): real text in the axes, the club's colours
// through CSS, and each chart an image named by its summary; its table beside it has the figures.

// The chart is drawn at the width it is shown at (one unit, one CSS pixel), so its labels keep
// their size on a phone instead of shrinking with the picture: 12 px there, 14 px on wider screens.
const FALLBACK_WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 60 };
const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
const fontSizeFor = (width: number) => (width < 480 ? 12 : 14);

/** The width the chart's box has now, followed as it changes (a rotated phone, a resized window). */
function useBoxWidth(): [(el: HTMLDivElement | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (!el) return undefined;
    setWidth(el.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** The value axis: whole-pound ticks for money (the shared format module), whole numbers otherwise. */
function valueAxis(max: number, money: boolean) {
  if (money) {
    const ticks = moneyTicks(max);
    return { top: ticks.at(-1) ?? 100, ticks, format: formatPoundsTick };
  }
  const top = Math.max(1, Math.ceil(max));
  const step = Math.max(1, Math.ceil(top / 4));
  const ticks: number[] = [];
  for (let v = 0; ; v += step) {
    ticks.push(v);
    if (v >= top) break;
  }
  return { top: ticks.at(-1) ?? top, ticks, format: formatNumber };
}

/** The chart's box, its measured width, and what follows from it: the label size and the plot's width. */
function useChartSize() {
  const [box, measured] = useBoxWidth();
  const width = measured || FALLBACK_WIDTH;
  const fontSize = fontSizeFor(width);
  return {
    box,
    width,
    fontSize,
    axisText: { fill: 'currentColor', fontSize } as const,
    innerWidth: Math.max(60, width - MARGIN.left - MARGIN.right),
  };
}

/** The picture, named by its summary, with the plot inside the margins. */
function ChartFrame({
  box,
  width,
  summary,
  children,
}: {
  box: ReturnType<typeof useBoxWidth>[0];
  width: number;
  summary: string;
  children: ReactNode;
}) {
  return (
    <div ref={box} className="chart-box">
      <svg
        className="chart"
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={summary}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {children}
        </Group>
      </svg>
    </div>
  );
}

function ValueAxisLeft({
  scale,
  axis,
  fontSize,
}: {
  scale: ReturnType<typeof scaleLinear<number>>;
  axis: ReturnType<typeof valueAxis>;
  fontSize: number;
}) {
  return (
    <AxisLeft
      scale={scale}
      tickValues={axis.ticks}
      tickFormat={(v) => axis.format(Number(v))}
      stroke="currentColor"
      tickStroke="currentColor"
      tickLabelProps={() => ({ fill: 'currentColor', fontSize, textAnchor: 'end', dx: -4, dy: 4 })}
    />
  );
}

export interface Series {
  name: string;
  /** A CSS colour (the theme's variables). */
  color: string;
}

/**
 * As many of the labels as fit side by side (at most `max`), evenly spread, so that a month of days
 * or long team names stay readable; the table beside the chart names every one.
 */
function spread(
  labels: readonly string[],
  max: number,
  format: (l: string) => string,
  innerWidth: number,
  fontSize: number,
): string[] {
  const longest = Math.max(1, ...labels.map((l) => format(l).length));
  const fit = Math.max(1, Math.floor(innerWidth / (longest * fontSize * 0.6 + 12)));
  max = Math.min(max, fit);
  if (labels.length <= max) return [...labels];
  const step = Math.ceil(labels.length / max);
  return labels.filter((_, i) => i % step === 0);
}

/** Up to this many bars, every bar has its label under it. */
const MAX_NAMED_BARS = 7;

export function BarChart({
  summary,
  rows,
  series,
  money = false,
  labelFormat = (l) => l,
}: {
  summary: string;
  rows: readonly { label: string; values: readonly number[] }[];
  series: readonly Series[];
  /** Values in pence: the axis in whole pounds. Otherwise counts, in whole numbers. */
  money?: boolean;
  labelFormat?: (label: string) => string;
}) {
  const { box, width, fontSize, axisText, innerWidth } = useChartSize();
  const axis = valueAxis(Math.max(0, ...rows.flatMap((r) => r.values)), money);
  const x = scaleBand({ domain: rows.map((r) => r.label), range: [0, innerWidth], padding: 0.2 });
  const inner = scaleBand({ domain: series.map((_, i) => i), range: [0, x.bandwidth()], padding: 0.05 });
  const y = scaleLinear({ domain: [0, axis.top], range: [innerHeight, 0] });
  // A few bars are each named, cut to fit under it; only a long run of them (weeks) is thinned out.
  const labels =
    rows.length <= MAX_NAMED_BARS
      ? rows.map((r) => r.label)
      : spread(
          rows.map((r) => r.label),
          MAX_NAMED_BARS,
          labelFormat,
          innerWidth,
          fontSize,
        );
  const room = innerWidth / Math.max(1, labels.length);
  const named = new Map(labels.map((l, i) => [l, i]));
  const shown = barLabels(labels.map(labelFormat), room - 8, fontSize);
  return (
    <ChartFrame box={box} width={width} summary={summary}>
      {rows.map((r) =>
        r.values.map((v, i) => (
          <Bar
            // biome-ignore lint/suspicious/noArrayIndexKey: a series' place is its identity
            key={`${r.label}-${i}`}
            x={(x(r.label) ?? 0) + (inner(i) ?? 0)}
            y={y(v)}
            width={inner.bandwidth()}
            height={innerHeight - y(v)}
            fill={series[i]?.color ?? 'var(--ion-color-primary)'}
            rx={2}
          />
        )),
      )}
      <ValueAxisLeft scale={y} axis={axis} fontSize={fontSize} />
      <AxisBottom
        top={innerHeight}
        scale={x}
        tickValues={labels}
        tickFormat={(l) => shown[named.get(String(l)) ?? -1] ?? ''}
        stroke="currentColor"
        tickStroke="currentColor"
        tickLabelProps={() => ({ ...axisText, textAnchor: 'middle' })}
      />
    </ChartFrame>
  );
}

export function LineChart({
  summary,
  points,
  money = false,
  labelFormat = (l) => l,
}: {
  summary: string;
  points: readonly { label: string; value: number }[];
  /** Values in pence: the axis in whole pounds. Otherwise counts, in whole numbers. */
  money?: boolean;
  labelFormat?: (label: string) => string;
}) {
  const { box, width, fontSize, axisText, innerWidth } = useChartSize();
  const axis = valueAxis(Math.max(0, ...points.map((p) => p.value)), money);
  const x = scalePoint({ domain: points.map((p) => p.label), range: [0, innerWidth], padding: 0.5 });
  const y = scaleLinear({ domain: [0, axis.top], range: [innerHeight, 0] });
  return (
    <ChartFrame box={box} width={width} summary={summary}>
      <LinePath
        data={[...points]}
        x={(p) => x(p.label) ?? 0}
        y={(p) => y(p.value)}
        stroke="var(--ion-color-primary)"
        strokeWidth={3}
      />
      {points.map((p) => (
        <circle key={p.label} cx={x(p.label)} cy={y(p.value)} r={5} fill="var(--ion-color-primary)" />
      ))}
      <ValueAxisLeft scale={y} axis={axis} fontSize={fontSize} />
      <AxisBottom
        top={innerHeight}
        scale={x}
        tickValues={spread(
          points.map((p) => p.label),
          10,
          labelFormat,
          innerWidth,
          fontSize,
        )}
        tickFormat={(l) => labelFormat(String(l))}
        stroke="currentColor"
        tickStroke="currentColor"
        tickLabelProps={() => ({ ...axisText, textAnchor: 'middle' })}
      />
    </ChartFrame>
  );
}

/** The series' names and colours, for a chart with more than one. */
export function Legend({ series }: { series: readonly Series[] }) {
  return (
    <ul className="chart-legend" aria-hidden="true">
      {series.map((s) => (
        <li key={s.name}>
          <span className="chart-legend__swatch" style={{ background: s.color }} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}
