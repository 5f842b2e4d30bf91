/**
 * What the directional planner checks before it searches: whether it can plan on its map at all
 * (decided once, in the constructor), and whether one query is usable. Bad input becomes a
 * result whose status says why, never an exception.
 */
import type { Grid } from '../grid/grid.js';
import type { PathStatus } from '../search/result.js';
import { describeValue, outsideProblem, searchOptionsProblem } from '../search/validate.js';
import type { CurveGoal, CurveResult } from '../curves/curve-planner.js';
import { MAX_HEADING, MIN_RADIUS_RATIO } from '../curves/curve-range.js';
import { discHitsBlocked, TOUCH_MARGIN } from '../curves/footprint.js';
import type { Pose } from '../curves/segment.js';
import { SegmentPath } from '../curves/segment-path.js';
import type { ResolvedProfile } from '../unit/profile.js';
import type { HeadingCount } from './hit-check.js';
import { directionalMemory } from './memory-size.js';
import type { DirectionalQueryOptions } from './directional-planner.js';

/** Why a planner refuses every query on its map: `invalid` (it cannot drive there) or `budget` (too much memory). */
export interface Refusal {
  status: 'invalid' | 'budget';
  message: string;
}

/** Why a planner for `profile` refuses every query on `grid`, or undefined (see `DirectionalPlanner.refusal`). */
export function refusalOf(grid: Grid, profile: ResolvedProfile, headings: HeadingCount, maxMemory: number): Refusal | undefined {
  const { width, height } = grid;
  if (width === 0 || height === 0) return { status: 'invalid', message: `the map is empty (${width}x${height}): there is nowhere to drive` };
  // A disc clear of the outside needs its centre at least ρ (plus the touch margin) from each edge.
  if (2 * (profile.sweepRadius + TOUCH_MARGIN) > Math.min(width, height)) {
    const size = profile.footprint === 'disc' ? `width ${profile.width}` : `${profile.width} x ${profile.length} (diagonal ${2 * profile.sweepRadius})`;
    return { status: 'invalid', message: `the footprint (${size} tiles) is wider than the ${width}x${height} map: it fits nowhere` };
  }
  if (profile.turningRadius < MIN_RADIUS_RATIO * Math.max(width, height)) {
    return {
      status: 'invalid',
      message: `turning radius ${profile.turningRadius} tiles is too small for the ${width}x${height} map: curves there cannot be computed to their precision below ${MIN_RADIUS_RATIO * Math.max(width, height)}`,
    };
  }
  if (profile.turningRadius > Math.max(width, height)) {
    return {
      status: 'invalid',
      message: `turning radius ${profile.turningRadius} tiles is larger than the ${width}x${height} map: the unit could hardly turn anywhere on it`,
    };
  }
  const bytes = directionalMemory(width, height, headings);
  if (bytes > maxMemory) {
    const mib = (b: number): string => (b / 2 ** 20).toFixed(0);
    return {
      status: 'budget',
      message: `a ${width}x${height} map at ${headings} headings needs about ${mib(bytes)} MiB, above maxMemory (${mib(maxMemory)} MiB); raise maxMemory or use 8 headings`,
    };
  }
  return undefined;
}

/**
 * The checks of one query that need no tables, in order: its numbers and options, the planner's
 * refusal, both points inside the map, the footprint clear of walls at both ends. The result that
 * ends the query at once, or undefined.
 */
export function precheck(
  grid: Grid,
  profile: ResolvedProfile,
  refusal: Refusal | undefined,
  start: Pose,
  goal: CurveGoal,
  options: DirectionalQueryOptions,
  cap: number,
): CurveResult | undefined {
  const startPose = safePose(start);
  const bad = validate(start, goal, options, cap);
  if (bad) return curveFailure('invalid', startPose, 0, bad);
  if (refusal) return curveFailure(refusal.status, startPose, 0, refusal.message);
  const outside = outsideProblem(grid, start.x, start.y, goal.x, goal.y);
  if (outside) return curveFailure('out-of-bounds', startPose, 0, outside);
  const rho = profile.sweepRadius;
  if (discHitsBlocked(grid, start.x, start.y, rho)) {
    return curveFailure('start-blocked', startPose, 0, `the footprint at the start (${start.x}, ${start.y}) overlaps a wall`);
  }
  if (discHitsBlocked(grid, goal.x, goal.y, rho)) {
    return curveFailure('goal-blocked', startPose, 0, `the footprint at the goal (${goal.x}, ${goal.y}) overlaps a wall`);
  }
  return undefined;
}

/** The first thing wrong with a query's numbers and options, or undefined. */
function validate(start: Pose, goal: CurveGoal, options: DirectionalQueryOptions, cap: number): string | undefined {
  if (typeof start !== 'object' || start === null) return `start must be a pose {x, y, heading}, got ${String(start)}`;
  if (typeof goal !== 'object' || goal === null) return `goal must be {x, y, heading?}, got ${String(goal)}`;
  const fields: [string, unknown][] = [
    ['start.x', start.x],
    ['start.y', start.y],
    ['start.heading', start.heading],
    ['goal.x', goal.x],
    ['goal.y', goal.y],
  ];
  if (goal.heading !== undefined && goal.heading !== null) fields.push(['goal.heading', goal.heading]);
  for (const [name, v] of fields) {
    if (typeof v !== 'number' || !Number.isFinite(v)) return `${name} must be a finite number, got ${describeValue(v)}`;
  }
  for (const [name, v] of fields) {
    if (name.endsWith('heading') && !(Math.abs(v as number) <= MAX_HEADING)) return `${name} must be within ±${MAX_HEADING} radians, got ${String(v)}`;
  }
  const badOption = searchOptionsProblem(options.weight ?? 1, cap);
  if (badOption) return badOption;
  const mode = options.mode ?? 'full';
  if (mode !== 'full' && mode !== 'hybrid') return `mode must be 'full' or 'hybrid', got ${String(mode)}`;
  // Unset (undefined or null) means the default interval, which is valid.
  const interval = options.shotInterval;
  if (interval !== undefined && interval !== null && (!Number.isInteger(interval) || interval < 1)) return `shotInterval must be a whole number >= 1, got ${String(interval)}`;
  // A truthy string must not silently turn a switch on (or `0` off).
  for (const name of ['analyticShots', 'shortcut', 'admissible'] as const) {
    const v = options[name];
    if (v !== undefined && typeof v !== 'boolean') return `${name} must be a boolean, got ${String(v)}`;
  }
  return undefined;
}

/** A usable pose for a failure result, whatever the caller passed. */
export function safePose(p: Pose): Pose {
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  return typeof p === 'object' && p !== null && ok(p.x) && ok(p.y) && ok(p.heading) ? { x: p.x, y: p.y, heading: p.heading } : { x: 0, y: 0, heading: 0 };
}

/** A curve result without a path: the unit stays at `start`. */
export function curveFailure(status: Exclude<PathStatus, 'found'>, start: Pose, expanded: number, message?: string): CurveResult {
  const r: CurveResult = { status, segments: new SegmentPath([], start), length: Infinity, cost: Infinity, expanded };
  if (message !== undefined) r.message = message;
  return r;
}
