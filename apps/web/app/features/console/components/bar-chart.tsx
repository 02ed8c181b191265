/**
 * An accessible bar chart: an SVG a person can glance at (role="img", named and described, with
 * the largest value in words), and the same numbers as a table right behind it for those who read
 * rather than look (screen readers reach the table; sighted people open it with "Show as table").
 */
import { useId } from "react";

export interface Bar {
  label: string;
  /** A shorter label under the bar, when there is room (every Nth is shown). */
  short?: string;
  value: number;
  /** The same bar in the period before, drawn as an outline behind it. */
  previous?: number;
}

const HEIGHT = 160;
const LABEL_ROOM = 22;

export function BarChart({
  title,
  description,
  bars,
  valueLabel,
  labelHeader,
}: {
  title: string;
  description: string;
  bars: Bar[];
  valueLabel: string;
  labelHeader: string;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.previous ?? 0)));
  const slot = 24;
  const width = Math.max(bars.length * slot, 240);
  const every = Math.ceil(bars.length / 12);
  const hasPrevious = bars.some((b) => b.previous !== undefined);
  const peak = bars.reduce<Bar | undefined>((m, b) => (!m || b.value > m.value ? b : m), undefined);
  return (
    <figure className="card p-5">
      <figcaption id={`${id}-title`} className="text-lg font-bold text-ink">
        {title}
      </figcaption>
      <p id={`${id}-desc`} className="mt-1 text-sm text-muted">
        {description}
        {peak && peak.value > 0
          ? ` Highest: ${peak.label}, ${peak.value}.`
          : " Nothing in this period."}
      </p>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${width} ${HEIGHT + LABEL_ROOM}`}
        className="mt-4 h-auto max-h-56 w-full"
      >
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-muted" strokeWidth={1} />
        {bars.map((bar, i) => {
          const x = i * (width / bars.length);
          const w = (width / bars.length) * 0.7;
          const h = (bar.value / max) * (HEIGHT - 8);
          const ph = ((bar.previous ?? 0) / max) * (HEIGHT - 8);
          return (
            <g key={bar.label}>
              {bar.previous !== undefined ? (
                <rect
                  x={x + 1}
                  y={HEIGHT - ph}
                  width={w}
                  height={ph}
                  className="fill-none stroke-muted"
                  strokeDasharray="3 2"
                />
              ) : null}
              <rect x={x + 1} y={HEIGHT - h} width={w} height={h} rx={2} className="fill-brand">
                <title>{`${bar.label}: ${bar.value}`}</title>
              </rect>
              {i % every === 0 ? (
                <text
                  x={x + w / 2}
                  y={HEIGHT + 15}
                  textAnchor="middle"
                  className="fill-muted text-[10px]"
                >
                  {bar.short ?? bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {hasPrevious ? (
        <p className="mt-2 text-xs text-muted">Dashed outlines: the period before.</p>
      ) : null}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand">Show as table</summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">
                {labelHeader}
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                {valueLabel}
              </th>
              {hasPrevious ? (
                <th scope="col" className="py-1 text-right">
                  Period before
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label} className="border-t border-line">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {bar.label}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">{bar.value}</td>
                {hasPrevious ? (
                  <td className="py-1 text-right tabular-nums">{bar.previous ?? "–"}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
