import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';

// SVG charts from visx (docs/decisions/017-charts.md): real text in the axes, the club's colours
// through CSS, and each chart an image named by its summary; its table beside it has the figures.

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 16, bottom: 48, left: 76 };
const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;

export interface Series {
  name: string;
  /** A CSS colour (the theme's variables). */
  color: string;
}

/**
 * As many of the labels as fit side by side (at most `max`), evenly spread, so that a month of days
 * or long team names stay readable; the table beside the chart names every one.
 */
function spread(labels: readonly string[], max: number, format: (l: string) => string): string[] {
  const longest = Math.max(1, ...labels.map((l) => format(l).length));
  const fit = Math.max(1, Math.floor(innerWidth / (longest * 9.5 + 12)));
  max = Math.min(max, fit);
  if (labels.length <= max) return [...labels];
  const step = Math.ceil(labels.length / max);
  return labels.filter((_, i) => i % step === 0);
}

// In the chart's own units: about 9 px on a 360 px phone, 15 px on a desktop.
const axisText = { fill: 'currentColor', fontSize: 17 } as const;

export function BarChart({
  summary,
  rows,
  series,
  format,
  labelFormat = (l) => l,
}: {
  summary: string;
  rows: readonly { label: string; values: readonly number[] }[];
  series: readonly Series[];
  format: (value: number) => string;
  labelFormat?: (label: string) => string;
}) {
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  const x = scaleBand({ domain: rows.map((r) => r.label), range: [0, innerWidth], padding: 0.2 });
  const inner = scaleBand({ domain: series.map((_, i) => i), range: [0, x.bandwidth()], padding: 0.05 });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={summary}
      preserveAspectRatio="xMidYMid meet"
    >
      <Group left={MARGIN.left} top={MARGIN.top}>
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
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(v) => format(Number(v))}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={() => ({ ...axisText, textAnchor: 'end', dx: -4, dy: 4 })}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={spread(
            rows.map((r) => r.label),
            7,
            labelFormat,
          )}
          tickFormat={(l) => labelFormat(String(l))}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={() => ({ ...axisText, textAnchor: 'middle' })}
        />
      </Group>
    </svg>
  );
}

export function LineChart({
  summary,
  points,
  format,
  labelFormat = (l) => l,
}: {
  summary: string;
  points: readonly { label: string; value: number }[];
  format: (value: number) => string;
  labelFormat?: (label: string) => string;
}) {
  const x = scalePoint({ domain: points.map((p) => p.label), range: [0, innerWidth], padding: 0.5 });
  const y = scaleLinear({
    domain: [0, Math.max(1, ...points.map((p) => p.value))],
    range: [innerHeight, 0],
    nice: true,
  });
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
      <Group left={MARGIN.left} top={MARGIN.top}>
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
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(v) => format(Number(v))}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={() => ({ ...axisText, textAnchor: 'end', dx: -4, dy: 4 })}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={spread(
            points.map((p) => p.label),
            10,
            labelFormat,
          )}
          tickFormat={(l) => labelFormat(String(l))}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={() => ({ ...axisText, textAnchor: 'middle' })}
        />
      </Group>
    </svg>
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
