import type { Run } from './measure.js';
import { median } from './stats.js';

/** Distinct colours for up to 12 series (Tableau 10 with a darker grey, then two more). */
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#333333', '#17becf', '#6b6ecf'];
const WIDTH = 960;
const HEIGHT = 600;
const PLOT = { left: 80, right: WIDTH - 250, top: 64, bottom: HEIGHT - 64 };
/** Bins of a quarter decade of A* expansions: fine enough for a curve, wide enough for a median. */
const BINS_PER_DECADE = 4;
/** A bin with fewer points than this draws no median: one or two queries make a noisy line. */
const MIN_BIN = 3;

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const px = (v: number): string => v.toFixed(1);

function decadeLabel(exponent: number, unit: 'count' | 'time'): string {
  if (unit === 'count') return exponent >= 6 ? `${10 ** (exponent - 6)}M` : exponent >= 3 ? `${10 ** (exponent - 3)}k` : String(10 ** exponent);
  if (exponent >= 6) return `${10 ** (exponent - 6)} s`;
  if (exponent >= 3) return `${10 ** (exponent - 3)} ms`;
  return `${10 ** exponent} µs`;
}

/** One series of a {@link logLogChart}: a name and its points; both coordinates must be above 0. */
export interface ChartSeries {
  name: string;
  points: { x: number; y: number }[];
  /** Drawn dashed (e.g. another library's line). */
  dashed?: boolean;
}

/** What a {@link logLogChart} says besides its series. */
export interface ChartText {
  title: string;
  subtitle: string;
  xTitle: string;
  /** The label of the decade 10^e on each axis. */
  xDecade: (exponent: number) => string;
  yDecade: (exponent: number) => string;
}

/**
 * A log-log chart, one colour per series: faint dots for single points, a line through the
 * medians of each quarter decade of x, dashed series dashed. Returns the SVG text.
 */
export function logLogChart(series: readonly ChartSeries[], text: ChartText): string {
  const points = series.map((s) => s.points.filter((p) => p.x > 0 && p.y > 0 && Number.isFinite(p.x) && Number.isFinite(p.y)));
  const all = points.flat();
  if (all.length === 0) return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="80"><text x="10" y="40">no data</text></svg>\n`;
  const lx = all.map((p) => Math.log10(p.x));
  const ly = all.map((p) => Math.log10(p.y));
  const x0 = Math.floor(Math.min(...lx));
  const x1 = Math.max(x0 + 1, Math.ceil(Math.max(...lx)));
  const y0 = Math.floor(Math.min(...ly));
  const y1 = Math.max(y0 + 1, Math.ceil(Math.max(...ly)));
  const sx = (x: number): number => PLOT.left + ((Math.log10(x) - x0) / (x1 - x0)) * (PLOT.right - PLOT.left);
  const sy = (y: number): number => PLOT.bottom - ((Math.log10(y) - y0) / (y1 - y0)) * (PLOT.bottom - PLOT.top);

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="Helvetica, Arial, sans-serif" font-size="12">`);
  out.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`);
  out.push(`<text x="${PLOT.left}" y="26" font-size="16" font-weight="bold">${escape(text.title)}</text>`);
  out.push(`<text x="${PLOT.left}" y="46" fill="#555">${escape(text.subtitle)}</text>`);

  // Grid: decades solid, 2..9 faint.
  for (let e = x0; e <= x1; e++) {
    for (let m = 1; m < 10 && (m === 1 || e < x1); m++) {
      const x = sx(m * 10 ** e);
      out.push(`<line x1="${px(x)}" y1="${PLOT.top}" x2="${px(x)}" y2="${PLOT.bottom}" stroke="${m === 1 ? '#ccc' : '#eee'}"/>`);
    }
    out.push(`<text x="${px(sx(10 ** e))}" y="${PLOT.bottom + 18}" text-anchor="middle">${text.xDecade(e)}</text>`);
  }
  for (let e = y0; e <= y1; e++) {
    for (let m = 1; m < 10 && (m === 1 || e < y1); m++) {
      const y = sy(m * 10 ** e);
      out.push(`<line x1="${PLOT.left}" y1="${px(y)}" x2="${PLOT.right}" y2="${px(y)}" stroke="${m === 1 ? '#ccc' : '#eee'}"/>`);
    }
    out.push(`<text x="${PLOT.left - 8}" y="${px(sy(10 ** e) + 4)}" text-anchor="end">${text.yDecade(e)}</text>`);
  }
  out.push(`<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#333"/>`);
  out.push(`<text x="${(PLOT.left + PLOT.right) / 2}" y="${HEIGHT - 20}" text-anchor="middle">${escape(text.xTitle)}</text>`);
  out.push(`<text transform="translate(22 ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)" text-anchor="middle">time per query (log scale)</text>`);

  series.forEach((s, i) => {
    const colour = PALETTE[i % PALETTE.length]!;
    const pts = points[i]!;
    const dots = pts.map((p) => `M${px(sx(p.x))} ${px(sy(p.y))}h0`).join('');
    out.push(`<path d="${dots}" stroke="${colour}" stroke-width="3" stroke-linecap="round" stroke-opacity="0.18" fill="none"/>`);
    const bins = new Map<number, { x: number[]; y: number[] }>();
    for (const p of pts) {
      const b = Math.floor(Math.log10(p.x) * BINS_PER_DECADE);
      const bin = bins.get(b) ?? { x: [], y: [] };
      bin.x.push(p.x);
      bin.y.push(p.y);
      bins.set(b, bin);
    }
    const line = [...bins.entries()]
      .sort((a, b) => a[0] - b[0])
      .filter(([, bin]) => bin.x.length >= MIN_BIN)
      .map(([, bin]) => [sx(median(bin.x)), sy(median(bin.y))] as const);
    const dash = s.dashed ? ' stroke-dasharray="7 4"' : '';
    if (line.length > 1) {
      out.push(`<polyline points="${line.map(([x, y]) => `${px(x)},${px(y)}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="2.2"${dash}/>`);
    }
    for (const [x, y] of line) out.push(`<circle cx="${px(x)}" cy="${px(y)}" r="3" fill="${colour}"/>`);
    const ly0 = PLOT.top + 10 + i * 22;
    out.push(`<line x1="${PLOT.right + 20}" y1="${ly0}" x2="${PLOT.right + 50}" y2="${ly0}" stroke="${colour}" stroke-width="2.5"${dash}/>`);
    out.push(`<circle cx="${PLOT.right + 35}" cy="${ly0}" r="3" fill="${colour}"/>`);
    out.push(`<text x="${PLOT.right + 58}" y="${ly0 + 4}">${escape(s.name)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/**
 * A log-log chart of time per query against the nodes plain A* expands on the same query, one
 * series per contender (like Figure 16 of the Anya paper): faint dots for single queries, a line
 * through the medians of each quarter decade. Libraries are dashed. `xSeries` names the series
 * whose expansion counts are the x axis. Returns the SVG text.
 */
export function timeChart(run: Run, xSeries: string, title: string): string {
  const xs = run.series.find((s) => s.name === xSeries)?.expanded ?? [];
  const shown = run.series.filter((s) => !s.name.endsWith(' + clone'));
  return logLogChart(
    shown.map((s) => ({
      name: s.name,
      points: s.micros.map((y, i) => ({ x: xs[i]!, y })).filter((p) => p.x >= 1),
      ...(s.library ? { dashed: true } : {}),
    })),
    {
      title,
      subtitle: `${run.queries.length} queries; dots: single queries, lines: medians per quarter decade; dashed: JavaScript libraries`,
      xTitle: `nodes expanded by ${xSeries} on the same query (log scale)`,
      xDecade: (e) => decadeLabel(e, 'count'),
      yDecade: (e) => decadeLabel(e, 'time'),
    },
  );
}
