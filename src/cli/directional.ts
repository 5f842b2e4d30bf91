import { excerpt } from '../grid/excerpt.js';
import { Grid } from '../grid/grid.js';
import { DirectionalPlanner } from '../directional/directional-planner.js';
import type { CurveGoal, CurveResult } from '../curves/curve-planner.js';
import type { Pose } from '../curves/segment.js';
import { integerOption, parseArgs, required, UsageError } from './args.js';
import { VEHICLE_OPTIONS, vehicleLattice, vehicleProfile } from './vehicle-options.js';
import { applyCostFile } from './costs.js';
import { prepareOutputDir, quotePath, readInput, writeOutput } from './files.js';

/** One query line: start pose and goal, tile units and radians. */
export interface DirectionalQuery {
  start: Pose;
  goal: CurveGoal;
  /** The line of the queries file it came from, 1-based. */
  line: number;
}

/** Pixels per tile in the pictures. */
const SVG_SCALE = 12;
/** Tiles of map shown around the path and its ends. */
const SVG_MARGIN = 6;
/** The footprint is drawn every this many tiles along the path. */
const SVG_FOOTPRINT_STEP = 1.5;
/** Tiles between the points of the drawn path. */
const SVG_SAMPLE_STEP = 0.05;
/** The most points a drawn path gets: a longer path is drawn with a coarser step. */
const SVG_MAX_POINTS = 20_000;

/**
 * `headway directional --map M.map --queries Q.jsonl --radius R --width W [--length L] [--headings 8|16]
 * [--neighborhood 8|24|48 (default 24, 48 above r = 2)] [--reverse] [--reverse-cost F] [--turn-penalty P] [--mode full|hybrid]
 * [--max-expansions N] [--svg DIR]`: runs the directional planner for a unit with turning radius R
 * and a disc footprint of diameter W (a W × L rectangle with `--length`) on every query line
 * `{"sx","sy","sh","gx","gy","gh"}` (tile units, radians; `gh` null for any heading) and prints one
 * JSON line per query: `{"status","length","expanded","micros","segments"}` (`length` null unless
 * found, plus `message` when the status has one). `--svg DIR` writes `query-N.svg` per query: the
 * map around the path, the path, and the footprint every few steps.
 */
export function directionalCommand(args: readonly string[]): number {
  const parsed = parseArgs(args, ['map', 'queries', ...VEHICLE_OPTIONS, 'mode', 'max-expansions', 'svg', 'costs'], ['reverse']);
  const mapPath = required(parsed, 'map');
  const queriesPath = required(parsed, 'queries');
  const profile = vehicleProfile(parsed);
  const { headings, neighborhood } = vehicleLattice(parsed);
  const mode = parsed.options.get('mode') ?? 'full';
  if (mode !== 'full' && mode !== 'hybrid') throw new UsageError(`--mode must be full or hybrid, got ${excerpt(mode)}`);
  const maxExpansions = integerOption(parsed, 'max-expansions', Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER);
  const svgDir = parsed.options.get('svg');

  const grid = loadFile(mapPath, (text) => Grid.fromMovingAi(text));
  const costsPath = parsed.options.get('costs');
  if (costsPath !== undefined) applyCostFile(costsPath, grid);
  const queries = loadFile(queriesPath, parseDirectionalQueries);
  let planner: DirectionalPlanner;
  try {
    planner = new DirectionalPlanner(grid, profile, neighborhood === undefined ? { headings } : { headings, neighborhood });
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new UsageError(error.message);
    throw error;
  }
  if (svgDir !== undefined) prepareOutputDir('svg', svgDir);
  queries.forEach((q, i) => {
    const t0 = performance.now();
    let result: CurveResult;
    try {
      result = planner.findPath(q.start, q.goal, { mode, maxExpansions });
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) throw new UsageError(`${quotePath(queriesPath)} line ${q.line}: ${error.message}`);
      throw error;
    }
    const micros = (performance.now() - t0) * 1000;
    const line: Record<string, unknown> = {
      status: result.status,
      length: result.status === 'found' ? result.length : null,
      ...(costsPath !== undefined ? { cost: result.status === 'found' ? result.cost : null } : {}),
      expanded: result.expanded,
      micros: Math.round(micros * 1000) / 1000,
      segments: result.segments.toJSON(),
    };
    if (result.message !== undefined) line['message'] = result.message;
    process.stdout.write(JSON.stringify(line) + '\n');
    if (svgDir !== undefined) writeOutput('svg', svgDir, `query-${i + 1}.svg`, directionalSvg(grid, q, result, planner.profile.sweepRadius));
  });
  return 0;
}

/**
 * Parses a queries file: one JSON object `{"sx","sy","sh","gx","gy","gh"}` a line (`gh` null or
 * absent for any heading), blank lines skipped. The benchmark reads the shared steering queries
 * with it too.
 * @throws UsageError naming the line and the field that is wrong.
 */
export function parseDirectionalQueries(text: string): DirectionalQuery[] {
  const out: DirectionalQuery[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      throw new UsageError(`line ${i + 1} is not JSON: ${excerpt(line)}`);
    }
    if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new UsageError(`line ${i + 1} must be an object {"sx","sy","sh","gx","gy","gh"}, got ${excerpt(line)}`);
    const r = o as Record<string, unknown>;
    const shown = (v: unknown): string => (v === undefined ? 'nothing' : excerpt(typeof v === 'number' ? String(v) : JSON.stringify(v)));
    const num = (name: string): number => {
      const v = r[name];
      // JSON numbers beyond the double range (1e400) parse to Infinity.
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new UsageError(`line ${i + 1}: ${name} must be a finite number, got ${shown(v)}`);
      return v;
    };
    const gh = r['gh'];
    if (gh !== undefined && gh !== null && (typeof gh !== 'number' || !Number.isFinite(gh))) {
      throw new UsageError(`line ${i + 1}: gh must be a finite number or null, got ${shown(gh)}`);
    }
    out.push({ start: { x: num('sx'), y: num('sy'), heading: num('sh') }, goal: { x: num('gx'), y: num('gy'), heading: gh ?? null }, line: i + 1 });
  });
  return out;
}

/** A picture of one query: the map around it, the path, the footprint every few steps, start and goal. */
export function directionalSvg(grid: Grid, q: DirectionalQuery, result: CurveResult, sweepRadius: number): string {
  const path = result.segments;
  const poses = path.length > 0 ? path.sampleEvery(Math.max(SVG_SAMPLE_STEP, path.length / SVG_MAX_POINTS)) : [q.start];
  const xs = [q.start.x, q.goal.x, ...poses.map((p) => p.x)];
  const ys = [q.start.y, q.goal.y, ...poses.map((p) => p.y)];
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - SVG_MARGIN));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - SVG_MARGIN));
  const x1 = Math.min(grid.width, Math.ceil(Math.max(...xs) + SVG_MARGIN));
  const y1 = Math.min(grid.height, Math.ceil(Math.max(...ys) + SVG_MARGIN));
  const s = SVG_SCALE;
  const f = (v: number): string => (Math.round(v * s * 100) / 100).toString();
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(x0)} ${f(y0)} ${f(x1 - x0)} ${f(y1 - y0)}" width="${f(x1 - x0)}" height="${f(y1 - y0)}">`,
    `<rect x="${f(x0)}" y="${f(y0)}" width="${f(x1 - x0)}" height="${f(y1 - y0)}" fill="#f4f1ea"/>`,
  ];
  for (let y = y0; y < y1; y++) {
    // One rectangle per run of blocked cells in a row keeps big maps small.
    for (let x = x0; x < x1; ) {
      if (!grid.isBlocked(x, y)) {
        x++;
        continue;
      }
      let end = x;
      while (end < x1 && grid.isBlocked(end, y)) end++;
      parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(end - x)}" height="${f(1)}" fill="#3b3a36"/>`);
      x = end;
    }
  }
  const every = Math.max(1, Math.round(SVG_FOOTPRINT_STEP / Math.max(SVG_SAMPLE_STEP, path.length / SVG_MAX_POINTS)));
  poses.forEach((p, i) => {
    if (i % every !== 0 && i !== poses.length - 1) return;
    parts.push(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(sweepRadius)}" fill="#4a90d9" fill-opacity="0.15" stroke="#4a90d9" stroke-width="0.8"/>`);
    parts.push(`<line x1="${f(p.x)}" y1="${f(p.y)}" x2="${f(p.x + sweepRadius * Math.cos(p.heading))}" y2="${f(p.y + sweepRadius * Math.sin(p.heading))}" stroke="#1d4f8a" stroke-width="1.2"/>`);
  });
  if (poses.length > 1) {
    parts.push(`<polyline points="${poses.map((p) => `${f(p.x)},${f(p.y)}`).join(' ')}" fill="none" stroke="#d9534f" stroke-width="1.6"/>`);
  }
  parts.push(`<circle cx="${f(q.start.x)}" cy="${f(q.start.y)}" r="${f(0.25)}" fill="#2e8b57"/>`);
  parts.push(`<circle cx="${f(q.goal.x)}" cy="${f(q.goal.y)}" r="${f(0.25)}" fill="#c0392b"/>`);
  parts.push(`<text x="${f(x0 + 0.3)}" y="${f(y0 + 1)}" font-size="${f(0.8)}" font-family="sans-serif">${result.status}${result.status === 'found' ? ` ${result.length.toFixed(2)} tiles` : ''}</text>`);
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

/** Reads a text file and parses it; any failure becomes a UsageError naming the file. */
function loadFile<T>(path: string, parse: (text: string) => T): T {
  const text = readInput(path);
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${quotePath(path)}: ${error.message}`);
    throw new UsageError(`${quotePath(path)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
