/**
 * The shortcut pass over a found directional path: the smoothing step of Hybrid A* (Dolgov,
 * Thrun, Montemerlo and Diebel, 2008), done exactly. A lattice path weaves between lattice
 * headings where one gentle curve would do; the pass replaces a stretch between two of the
 * path's poses by the analytic curve between them when that curve is legal (the planner's own
 * exact sweep) and cheaper (the planner's own cost), and adds no hook or loop. It never makes a
 * path dearer or illegal.
 *
 * The pass is resumable and counted, like the search it follows: {@link PathShortcut.step} does
 * about `budget` work units (~1 µs each, the session's units) and its total is capped by the
 * caller, so a long path cannot stall a frame or cost much more than its search.
 */
import type { Grid } from '../grid/grid.js';
import { firstLeg } from '../curves/first-leg.js';
import { hypot } from '../curves/hypot.js';
import { segmentHitsBlocked, type WallDistanceMap } from '../curves/footprint.js';
import type { Pose, Segment } from '../curves/segment.js';
import type { Curve } from '../curves/segment-path.js';
import type { ResolvedProfile } from '../unit/profile.js';
import { costBound, curveBetween } from './hit-check.js';
import { curveCostOn, segmentsCostOn } from './move-costs.js';
import { curveOrNull, SWEEP_WORK_PER_TILE } from './lattice-rules.js';

/**
 * The farthest pose (counted along the path) a stretch may reach: about 45 tiles on a
 * Directional-24 lattice. A longer curve is rarely legal on a real map, and its sweep costs in
 * proportion to its length, so from each pose the pass tries this span, then {@link SPANS}: at
 * most 9 curves a pose.
 */
export const MAX_SPAN = 32;

/**
 * The spans tried from a pose after the first, longest first: the powers of two and three
 * quarters of each. Powers of two alone skipped the one span that undid a loop made by the
 * exact start's join (on AR0304SR, query 5: poses 2, 4 and 8 ahead were walled off, 3 was free).
 */
const SPANS = [24, 16, 12, 8, 6, 4, 3, 2];

/**
 * Rounds over the chain: a round after one that shortened it tries spans over the poses that one
 * kept, which reach farther. On the shared steering queries (r = 2, hybrid) the mean total
 * turning went 14.9 rad (no pass), 7.07 (one round, 427 work units a query), 6.38 (two, 704),
 * 6.31 (three, 793; a fourth adds nothing within the work cap).
 */
export const MAX_ROUNDS = 3;

/**
 * Work units of one try's curve and its cost: measured about 2.7 µs with a Dubins curve and 6 to
 * 7 µs with a Reeds-Shepp curve (r = 2, den520d, node 20, the pruned solve of c51c57e; 17 to 22
 * µs before it and the Dubins solve in one pass), allocation included, rounded up.
 */
const DUBINS_WORK = 3;
const REEDS_SHEPP_WORK = 7;


/**
 * A replacement must be cheaper by this fraction of the stretch's cost: below it the difference
 * is rounding, and an equal curve would only change the path's shape for nothing.
 */
const COST_EPSILON = 1e-9;

/**
 * A replacement may wind at most this much (radians) more than its stretch, net. Between two
 * fixed poses the two differ by whole turns, so this refuses a curve that winds the other way
 * round (a hook: 240° one way where the stretch turned 120° the other, which crosses the path)
 * and allows one that unwinds a loop; to a free end heading it leaves the first leg a quarter
 * turn of room.
 */
const WINDING_SLACK = Math.PI / 2;

/** A full turn, less rounding: a path whose heading winds this much net has a loop. */
const FULL_TURN = 2 * Math.PI - 1e-9;


/** A found path as the pass reads it: its poses and the pieces between them. */
export interface ShortcutChain {
  /** Poses 0..n: the start pose, the lattice states' poses in order, and the end pose. */
  readonly poses: readonly Pose[];
  /** Pieces 0..n-1: `pieces[i]` drives from `poses[i]` to `poses[i + 1]`. */
  readonly pieces: readonly (readonly Segment[])[];
}

/** How one pass runs. */
export interface ShortcutOptions {
  /**
   * The heading at the last pose is free (a goal point without heading): a stretch that ends
   * there is replaced by the first leg (turn, then straight) to the point, as the planner's shot does.
   */
  readonly freeEnd: boolean;
  /** Work units the whole pass may spend; a try begun before the cap is finished. 0 keeps the path as it is. */
  readonly maxWork: number;
  /** A fresh wall-distance map of the grid, which lets the sweep skip open ground. */
  readonly walls?: WallDistanceMap;
}

/** The net signed heading change along a chain of segments, radians (clockwise on screen positive). */
function netTurn(segments: readonly Segment[]): number {
  let turn = 0;
  for (const s of segments) if (s.kind === 'arc') turn += (s.turn * s.length) / s.radius;
  return turn;
}

/**
 * A greedy shortcut pass over one path at a time. From the current pose it tries the curve to
 * the pose {@link MAX_SPAN} ahead (or the last), then to the poses {@link SPANS} ahead; the first
 * that is cheaper than the stretch it replaces, winds no more than the rules allow (no new hook
 * or loop: {@link WINDING_SLACK}) and is legal is taken and the pass goes on from its end, else
 * the path's own piece is kept and the pass goes on from the next pose. A round that shortened
 * the path is followed by another over the poses it kept, up to {@link MAX_ROUNDS}. The result
 * depends only on the chain and the options, not on how the work is sliced.
 *
 * @example
 * ```ts
 * const pass = new PathShortcut(grid, profile);
 * pass.begin(chain, { freeEnd: false, maxWork: 2000, walls });
 * while (!pass.step(256)); // one slice a frame
 * const path = new SegmentPath(pass.segments(), chain.poses[0]);
 * ```
 */
export class PathShortcut {
  private poses: readonly Pose[] = [];
  private pieces: readonly (readonly Segment[])[] = [];
  /** prefix[i] and turnPrefix[i]: the cost and the net heading change (radians) of the path's pieces from pose 0 to pose i. */
  private prefix = new Float64Array(1);
  private turnPrefix = new Float64Array(1);
  /** The net heading change of the whole path as the round has made it so far, radians. */
  private netTotal = 0;
  private options: ShortcutOptions = { freeEnd: false, maxWork: 0 };
  /** The chain the current round makes: the poses it keeps and the pieces between them. */
  private outPoses: Pose[] = [];
  /** The index in the chain given to {@link begin} of each pose of the round's chain, and of the chain it makes. */
  private origin: number[] = [];
  private outOrigin: number[] = [];
  /**
   * Stretches tried and refused, as `from · (n + 1) + to` in the given chain's indices. A later
   * round skips them: a curve the walls refused stays refused, and one that was no cheaper than
   * its stretch is no cheaper than that stretch shortened.
   */
  private readonly refused = new Set<number>();
  /** Pieces of the chain given to {@link begin}. */
  private rootPieces = 0;
  private outPieces: (readonly Segment[])[] = [];
  /** Rounds done over the chain, and stretches replaced in the current one. */
  private round = 0;
  private replacedInRound = 0;
  /** The pose the pass stands at. */
  private at = 0;
  /** The span of the next try from {@link at}, in poses; 0 when none is left. */
  private span = 0;
  /** The curve of the try in progress, legal so far up to segment {@link swept}, or null between tries. */
  private trying: Curve | null = null;
  private swept = 0;
  private finished = true;
  private readonly curveWork: number;
  private workDone = 0;
  private replacedCount = 0;

  constructor(
    readonly grid: Grid,
    readonly profile: ResolvedProfile,
  ) {
    this.curveWork = profile.reverse ? REEDS_SHEPP_WORK : DUBINS_WORK;
  }

  /** Work units spent by the current pass (curves computed and swept). */
  get work(): number {
    return this.workDone;
  }

  /** True when the current pass has ended (also before any pass). */
  get done(): boolean {
    return this.finished;
  }

  /** Stretches the current pass has replaced so far. */
  get replaced(): number {
    return this.replacedCount;
  }

  /**
   * Starts a pass over `chain` (read, not copied: keep it unchanged until the pass ends).
   * @throws RangeError when the chain's pieces do not number its poses less one, or maxWork is not >= 0.
   */
  begin(chain: ShortcutChain, options: ShortcutOptions): void {
    const n = chain.pieces.length;
    if (chain.poses.length !== n + 1) throw new RangeError(`a chain of ${n} pieces needs ${n + 1} poses, got ${chain.poses.length}`);
    if (!(options.maxWork >= 0)) throw new RangeError(`maxWork must be a number of work units >= 0, got ${String(options.maxWork)}`);
    this.options = options;
    this.workDone = 0;
    this.replacedCount = 0;
    this.round = 0;
    this.finished = false;
    this.refused.clear();
    this.rootPieces = n;
    this.beginRound(chain.poses, chain.pieces, chain.poses.map((_, i) => i));
  }

  /** Starts a round of the pass over a chain: the given one, then the one the round before made. */
  private beginRound(poses: readonly Pose[], pieces: readonly (readonly Segment[])[], origin: number[]): void {
    const n = pieces.length;
    this.poses = poses;
    this.pieces = pieces;
    this.origin = origin;
    this.outOrigin = [origin[0]!];
    this.prefix = new Float64Array(n + 1);
    this.turnPrefix = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) {
      this.prefix[i + 1] = this.prefix[i]! + segmentsCostOn(this.grid, this.profile, pieces[i]!);
      this.turnPrefix[i + 1] = this.turnPrefix[i]! + netTurn(pieces[i]!);
    }
    this.netTotal = this.turnPrefix[n]!;
    this.outPoses = [poses[0]!];
    this.outPieces = [];
    this.trying = null;
    this.round++;
    this.replacedInRound = 0;
    this.moveTo(0);
  }

  /**
   * Goes on with the pass for at most `budget` work units, in pieces of work (a curve, or the
   * sweep of one of its segments) of at most 18 + 0.3 per tile units; a step overruns only when
   * its whole budget is smaller than its first piece. Returns true when the pass has ended; once
   * its work is spent, the pass ends whatever the budget.
   */
  step(budget = Infinity): boolean {
    let left = budget;
    let first = true;
    while (!this.finished) {
      if (this.trying === null && this.workDone >= this.options.maxWork) {
        // Out of work, at no cost: the rest of the path stays as the search found it.
        for (let i = this.at; i < this.pieces.length; i++) this.keep(this.pieces[i]!, i + 1);
        this.finished = true;
        break;
      }
      const cost = this.nextCost();
      if (cost > left && !(first && left > 0)) break;
      first = false;
      left -= cost;
      this.workDone += cost;
      this.advance();
    }
    return this.finished;
  }

  /** The path's segments as the pass has made them; call once the pass has ended. */
  segments(): Segment[] {
    if (!this.finished) throw new RangeError('the shortcut pass has not ended: step it until it returns true');
    return this.outPieces.flat();
  }

  /** The work units of the next piece of work: a curve, one segment's sweep, or 0 to move on or skip a refused stretch. */
  private nextCost(): number {
    if (this.trying !== null) return Math.ceil(this.trying.path.segments[this.swept]!.length * SWEEP_WORK_PER_TILE);
    return this.span === 0 || this.refused.has(this.stretchKey()) ? 0 : this.curveWork;
  }

  /** The stretch of the current try, in the given chain's indices (see {@link refused}). */
  private stretchKey(): number {
    return this.origin[this.at]! * (this.rootPieces + 1) + this.origin[this.at + this.span]!;
  }

  /** Does the next piece of work (already counted by {@link nextCost}). */
  private advance(): void {
    if (this.trying !== null) {
      const p = this.profile;
      const seg = this.trying.path.segments[this.swept]!;
      // pathHitsBlocked, one segment at a time.
      if (segmentHitsBlocked(this.grid, seg, p.sweepRadius, this.options.walls)) {
        this.refused.add(this.stretchKey());
        this.trying = null;
        this.nextSpan();
      } else if (++this.swept === this.trying.path.segments.length) {
        this.netTotal += netTurn(this.trying.path.segments) - (this.turnPrefix[this.at + this.span]! - this.turnPrefix[this.at]!);
        this.keep(this.trying.path.segments, this.at + this.span);
        this.trying = null;
        this.replacedCount++;
        this.replacedInRound++;
        this.moveTo(this.at + this.span);
      }
      return;
    }
    if (this.span === 0) {
      this.keep(this.pieces[this.at]!, this.at + 1);
      this.moveTo(this.at + 1);
      return;
    }
    const key = this.stretchKey();
    if (this.refused.has(key)) {
      this.nextSpan();
      return;
    }
    const curve = this.cheaperCurve(this.at, this.at + this.span);
    if (curve === null) {
      this.refused.add(key);
      this.nextSpan();
    } else if (!this.windsAsItMay(curve, this.at, this.at + this.span)) {
      // Not refused for good: the stretch and the path around it may wind otherwise in a later round.
      this.nextSpan();
    } else if (curve.path.segments.length === 0) {
      // Pose j is pose i again (a loop back): nothing to drive, and pose i is legal.
      this.netTotal -= this.turnPrefix[this.at + this.span]! - this.turnPrefix[this.at]!;
      this.replacedCount++;
      this.replacedInRound++;
      this.outPoses[this.outPoses.length - 1] = this.poses[this.at + this.span]!;
      this.outOrigin[this.outOrigin.length - 1] = this.origin[this.at + this.span]!;
      this.moveTo(this.at + this.span);
    } else {
      this.trying = curve;
      this.swept = 0;
    }
  }

  /** Appends a piece to the round's chain, ending at pose `to` of the chain the round reads. */
  private keep(piece: readonly Segment[], to: number): void {
    this.outPieces.push(piece);
    this.outPoses.push(this.poses[to]!);
    this.outOrigin.push(this.origin[to]!);
  }

  /**
   * Stands at pose `i`, with its first span to try. At the end of the chain another round
   * begins over the chain this one made, when this one shortened it and rounds are left.
   */
  private moveTo(i: number): void {
    this.at = i;
    const rest = Math.min(MAX_SPAN, this.pieces.length - i);
    this.span = rest >= 2 ? rest : 0;
    if (i < this.pieces.length) return;
    if (this.replacedInRound > 0 && this.round < MAX_ROUNDS && this.outPieces.length >= 2) this.beginRound(this.outPoses, this.outPieces, this.outOrigin);
    else this.finished = true;
  }

  /** The next span to try from the current pose: the next of {@link SPANS} below the last; then 0. */
  private nextSpan(): void {
    const span = this.span;
    this.span = SPANS.find((s) => s < span) ?? 0;
  }

  /**
   * The curve from pose i to pose j when it is cheaper than the path between them (legal or not),
   * else null: refused for good, as the stretch only gets cheaper.
   */
  private cheaperCurve(i: number, j: number): Curve | null {
    const p = this.profile;
    const from = this.poses[i]!;
    const to = this.poses[j]!;
    const toPoint = this.options.freeEnd && j === this.pieces.length;
    const stretch = this.prefix[j]! - this.prefix[i]!;
    // A curve costs at least the straight line (and, to a heading, the turning radius times the
    // heading change): a stretch no dearer than that keeps its path without the curve solved. The
    // try is still counted as a curve, so the pass decides as it would, only sooner.
    const bound = toPoint ? hypot(to.x - from.x, to.y - from.y) : costBound(p, from, to);
    if (!(bound < stretch - COST_EPSILON * Math.max(1, stretch))) return null;
    const curve = curveOrNull(() =>
      toPoint ? firstLeg(from, to, p.turningRadius, { reverse: p.reverse, reverseCost: p.reverseCost }) : curveBetween(p, from, to),
    );
    if (curve === null) return null;
    return curveCostOn(this.grid, p, curve) < stretch - COST_EPSILON * Math.max(1, stretch) ? curve : null;
  }

  /**
   * True when `curve` from pose i to pose j makes no hook or loop the stretch does not make (a
   * loop it makes may go) ...
   */
  private windsAsItMay(curve: Curve, i: number, j: number): boolean {
    const net = netTurn(curve.path.segments);
    const stretchNet = this.turnPrefix[j]! - this.turnPrefix[i]!;
    if (!(Math.abs(net) <= Math.abs(stretchNet) + WINDING_SLACK)) return false;
    // ... nor a path that winds a full turn where it did not: unwinding one loop may leave the
    // turns of the rest adding up to one.
    const total = Math.abs(this.netTotal + net - stretchNet);
    return total < FULL_TURN || total <= Math.abs(this.netTotal);
  }
}
