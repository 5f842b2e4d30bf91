/**
 * A proof, or disproof, that the directional search would find a path, without the search's
 * exhaustive expansion of every reachable state. See docs/reachability.md for what "would find"
 * means exactly and why the verdicts below are exact.
 *
 * Two breadth-first searches over the heading lattice run side by side, and the side that has
 * done less work goes next:
 * - forward, from the states the exact start joins, over the legal moves of a {@link MoveSet};
 * - backward, from the goal states and from every state near the goal whose analytic shot is
 *   legal, over the same moves reversed.
 * They meet: a path exists. Either side runs dry first: none does. The cost is therefore about
 * twice the smaller of the two reachable sets, which is small exactly in the slow failures of the
 * search (a unit in open ground and a goal in a pocket it cannot turn in, or the reverse).
 *
 * Goal side only (the planner's way): the start side still grows while it is small, so a unit
 * facing into a dead end is proven stuck in a few dozen units. Near shots and start joins that the
 * walls just behind the goal (ahead of the start) rule out are never solved ({@link ApproachBound}).
 *
 * It keeps no table: it reads the grid as it is, and starts over when the grid changes during a
 * proof, so tile edits need nothing. It keeps the goal side of a proof that ran dry on that side,
 * for the next proof to the same goal on the same grid (a group order). Its memory is one 32-bit
 * stamp per lattice state, allocated on the first query, plus two queues that grow with the
 * states visited.
 */
import type { Grid } from '../grid/grid.js';
import { normalizeAngle } from '../curves/angle.js';
import type { CurveGoal } from '../curves/curve-planner.js';
import { dubinsChoice, dubinsOf, dubinsSteers, type DubinsChoice } from '../curves/dubins.js';
import { firstLeg } from '../curves/first-leg.js';
import { discHitsBlocked, pathHitsBlocked, segmentHitsBlocked, TOUCH_MARGIN, type WallDistanceMap } from '../curves/footprint.js';
import type { Pose, Segment } from '../curves/segment.js';
import type { ResolvedProfile } from '../unit/profile.js';
import { curveBetween, latticeHeading, type MoveSet } from './hit-check.js';
import { curveOrNull, HEADING_EPSILON, joinRings, latticeIndex, longSweepWork } from './lattice-rules.js';
import { StartJoins } from './start-joins.js';
import type { ExpansionHits } from './window-hits.js';
import { nextClear } from './move-bits.js';
import { ApproachBound, POSES_PER_UNIT } from './approach-bound.js';

/**
 * The verdict of a {@link ReachabilityProof}:
 * - `reachable`: the search finds a path, whatever its order, weight or mode;
 * - `unreachable`: no lattice state the search can reach is a goal state, and no shot the search
 *   always tries (from the start, and from every state within {@link ReachabilityOptions.shotNear}
 *   of the goal) is legal; the search ends `no-room-to-turn` unless one of its clock shots from a
 *   farther state happens to be legal (see docs/reachability.md). The planner takes it as final
 *   and answers `no-room-to-turn` (its `proofAfter` option turns the proof off);
 * - `pending`: not decided yet, call {@link ReachabilityProof.step} again.
 */
export type ReachVerdict = 'reachable' | 'unreachable' | 'pending';

/** How the proof reproduces the search's query. */
export interface ReachabilityOptions {
  /**
   * Cell centres within this distance (tiles) of the goal try the analytic shot at every
   * expansion of the search. Must equal the planner's: 2 · turningRadius + the move set's rings.
   */
  shotNear: number;
  /** The search tries analytic shots (default true). Without them only goal states end it. */
  analyticShots?: boolean;
  /** A wall-distance map of the grid: when fresh, open ground skips the cell checks. */
  walls?: WallDistanceMap;
  /**
   * Run the goal side only (default false). The start's joins still count (those given to
   * {@link ReachabilityProof.begin}, or each solved when the goal side reaches its state), so the
   * verdicts stay exact, but the start side grows only while it is small (a forward-only unit, at
   * most 64 states; see {@link ReachabilityProof.startSideGrowing}): a caller whose own search
   * explores from the start (the planner) then proves a goal pocket with the goal side's work
   * alone, and a start pocket with the start side's; other starts are left to its search.
   */
  goalSideOnly?: boolean;
  /**
   * With `goalSideOnly`: true for a state the caller's own search has reached from the start over
   * the same moves. The goal side meeting such a state proves `reachable` (a path exists), so the
   * caller can stop paying for the proof on a query its search will solve. Asked when the goal
   * side marks a state and when it expands one; a `true` for a state the start cannot reach would
   * make a wrong `reachable`, never a wrong `unreachable`.
   */
  reached?: (id: number) => boolean;
  /**
   * The hit checks of whole expansions as bit sets (the planner's, window-hits.ts): when given and
   * able to answer, an expansion reads them instead of each move's cells.
   */
  hits?: ExpansionHits;
}

/**
 * Work units a shot costs against one state expansion: measured 3 to 4 µs for a curve and its
 * exact sweep (with the last-piece rejection) against about 1.2 µs for an expansion (r = 2,
 * Directional-24, 16 headings, on the shared benchmark maps).
 */
const SHOT_WORK = 3;

/**
 * The same for a unit that reverses: a Reeds-Shepp solve alone takes about 6 µs warm (Dubins
 * about 1.1), and its sweep as much as a Dubins shot's.
 */
const REVERSING_SHOT_WORK = 8;

/** Work units of a Dubins solve alone (its word and pieces, no path, no sweep): about 1.1 µs warm. */
const SOLVE_WORK = 1;

/**
 * Where the middle piece of a Dubins shot is tested before its path is built, as fractions of its
 * length (middle first): a shot from open ground across a wall into a pocket crosses it there.
 */
const MIDDLE_SAMPLES = [0.5, 0.25, 0.75] as const;

/**
 * Distances (tiles) back from the end of a shot's last straight at which it is tested before it is
 * swept (see {@link ReachabilityProof.lineEndHits}).
 */
const LINE_END_SAMPLES = [0.5, 1, 2] as const;

/**
 * Tiles by which a sampled point's footprint is shrunk: the point, computed from the pieces,
 * lies within rounding (under 1e-9 tiles on any map) of the built path, so a footprint that
 * touches a wall even shrunk means the path's does.
 */
const SAMPLE_MARGIN = 1e-6;

/** Sampled points of middle pieces tested per work unit: a sine, a cosine and a few cells each. */
const SAMPLES_PER_UNIT = 8;

/** Cached goal-side states re-marked per work unit: a stamp write and a push, against an expansion's tens of move checks. */
const MARKS_PER_UNIT = 16;

/**
 * A goal-side-only proof grows its start side too while it holds at most this many states: a
 * start pocket (a unit facing into a dead end) reaches a few dozen states at most (at most 40 on
 * the shared steering queries, r = 2), where a start in open ground passes this within a few
 * expansions and leaves the rest to the caller's search.
 */
const PROBE_STATES = 64;

/**
 * While it probes, a goal-side-only proof's start side works this many times as much as its goal
 * side: a start pocket is proven in about 1.1 times its start side's work instead of twice, and a
 * goal pocket pays at most the probe's bounded work more. On the shared steering queries (r = 2,
 * hybrid) no-room work fell by a fifth at 4 (the largest answer from 4,215 to 1,746 units), and
 * at 8 a start pocket proven beside the distance field no longer waited for the field (den011d#11:
 * 2,437 to 1,501); with the start side alone first, a goal side proven in 10 units waited 443.
 */
const PROBE_SHARE = 8;

/** Initial capacity of a queue, in states: most proofs end within a few thousand. */
const INITIAL_QUEUE = 1024;

/** Stamp bits: visited forward, visited backward; the generation sits above them. */
const FORWARD = 1;
const BACKWARD = 2;
const SIDE_BITS = 2;
/** Generations wrap before the stamp's 32 bits overflow. */
const MAX_GENERATION = 2 ** (32 - SIDE_BITS) - 1;

/** A growable queue of state ids (first in, first out; never shrinks). */
class StateQueue {
  items = new Int32Array(INITIAL_QUEUE);
  head = 0;
  tail = 0;

  clear(): void {
    this.head = 0;
    this.tail = 0;
  }

  push(id: number): void {
    if (this.tail === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.tail++] = id;
  }

  get empty(): boolean {
    return this.head === this.tail;
  }

  pop(): number {
    return this.items[this.head++]!;
  }
}

/** For each end heading, the moves that end at it (the backward side's predecessors), per move set. */
const movesEndingAtCache = new WeakMap<MoveSet, { first: Int32Array; moves: Int32Array; fromHeading: Uint8Array }>();

export function movesEndingAt(set: MoveSet): { first: Int32Array; moves: Int32Array; fromHeading: Uint8Array } {
  let index = movesEndingAtCache.get(set);
  if (index) return index;
  const H = set.headings;
  const fromHeading = new Uint8Array(set.size);
  for (let k = 0; k < H; k++) for (let m = set.first[k]!; m < set.first[k + 1]!; m++) fromHeading[m] = k;
  const first = new Int32Array(H + 1);
  for (let m = 0; m < set.size; m++) first[set.endHeading[m]! + 1]!++;
  for (let k = 0; k < H; k++) first[k + 1]! += first[k]!;
  const fill = first.slice(0, H);
  const moves = new Int32Array(set.size);
  for (let m = 0; m < set.size; m++) moves[fill[set.endHeading[m]!]!++] = m;
  index = { first, moves, fromHeading };
  movesEndingAtCache.set(set, index);
  return index;
}

/**
 * Decides whether the directional search from an exact start pose to a goal would find a path,
 * by a bidirectional reachability search over the heading lattice. Independent of the planner:
 * it takes the grid, the profile and the move set the search expands with.
 *
 * Call it only for queries that passed the planner's checks (poses valid and inside the map,
 * the footprint clear at both ends); it answers for the lattice-plus-shot search, not for them.
 *
 * @example
 * ```ts
 * const proof = new ReachabilityProof(grid, profile, moves, { shotNear: shotNearDistance(profile.turningRadius, moves.rings) });
 * proof.begin({ x: 3.2, y: 4.7, heading: 0.3 }, { x: 40.5, y: 12.5, heading: null });
 * let v = proof.step(4096); // work units; call again while 'pending'
 * ```
 */
export class ReachabilityProof {
  /** Units of a shot for this profile: {@link SHOT_WORK}, or {@link REVERSING_SHOT_WORK}. */
  private readonly shotWork: number;
  /** Work done by the current proof: state expansions plus {@link SHOT_WORK} (or {@link REVERSING_SHOT_WORK}) per shot tried. */
  work = 0;
  /** States visited forward and backward by the current proof. */
  forwardVisited = 0;
  backwardVisited = 0;
  /** Work done by each side (the start's joins count as forward). */
  private forwardWork = 0;
  private backwardWork = 0;
  /** Which side ran dry, when the verdict is `unreachable`: the proof's witness, for tests and tools. */
  exhausted: 'forward' | 'backward' | null = null;
  /** The current proof reused the goal side of an earlier one to the same goal (for tests and tools). */
  goalSideReused = false;
  private verdictNow: ReachVerdict = 'pending';
  private stamp = new Uint32Array(0);
  private generation = 0;
  private readonly forward = new StateQueue();
  private readonly backward = new StateQueue();
  /** States near the goal whose shot the backward side has still to try (ids; a stack). */
  private nearPending: number[] = [];
  /** Shots tried in this proof: state id to legal. */
  private readonly shotTried = new Map<number, boolean>();
  private readonly H: number;
  private readonly ends: { first: Int32Array; moves: Int32Array; fromHeading: Uint8Array };
  private readonly shotNear: number;
  private readonly shots: boolean;
  private readonly walls: WallDistanceMap | undefined;
  private readonly goalSideOnly: boolean;
  private readonly reached: ((id: number) => boolean) | undefined;
  private readonly hits: ExpansionHits | undefined;
  /** An expansion's blocked moves from {@link hits}, one bit each. */
  private blockedMoves = new Int32Array(0);
  private goal: Pose = { x: 0, y: 0, heading: 0 };
  /** The exact start of the current proof, its heading normalized: its joins start there. */
  private startPose: Pose = { x: 0, y: 0, heading: 0 };
  /** The query as given to {@link begin}, and the grid's `layoutVersion` it was begun on (the proof reads blocking alone). */
  private query: { start: Pose; goal: CurveGoal } = { start: { x: 0, y: 0, heading: 0 }, goal: { x: 0, y: 0 } };
  private version = -1;
  /** Per kind of last piece (see {@link pieceKind}), the shortest such piece into the goal found to hit, tiles. */
  private readonly hitLength = new Float64Array(PIECE_KINDS).fill(Infinity);
  /**
   * The goal side of the last proof whose backward search ran dry: every state from which the
   * search reaches that goal, on that `layoutVersion` of the grid. A group order to one goal pays for it once.
   */
  private goalSide: { x: number; y: number; heading: number | null; version: number; states: Int32Array } | null = null;
  private goalHeading: number | null = null;
  /**
   * The bound on legal shots into the current goal from the walls behind it (a forward-only unit
   * and a goal heading; else null): near shots it rejects are never solved.
   */
  private approach: ApproachBound | null = null;
  /**
   * A goal-side-only proof not given the start's joins solves the join to a state when its goal
   * side reaches that state (see {@link joinsStart}).
   */
  private lazyJoins = false;
  /** The exact start's joins of the current proof, by the rule the planner's search joins it by. */
  private readonly joins: StartJoins;
  /**
   * A goal-side-only proof's start side still grows (see {@link PROBE_STATES}): a start pocket is
   * then proven by its start side running dry, as the two-sided proof would.
   */
  private probing = false;
  /** The start's join slots the start side has still to solve, from {@link probeAt} on. */
  private probeJoins: number[] = [];
  private probeAt = 0;

  /**
   * `moves` must be the move set the search expands with, built for `profile` (the shots and joins
   * use the profile, the moves their own tables).
   * @throws RangeError when `shotNear` is not a finite number >= 0.
   */
  constructor(
    readonly grid: Grid,
    readonly profile: ResolvedProfile,
    readonly moves: MoveSet,
    options: ReachabilityOptions,
  ) {
    if (!(options.shotNear >= 0) || !Number.isFinite(options.shotNear)) throw new RangeError(`shotNear must be a finite number >= 0, got ${String(options.shotNear)}`);
    this.H = moves.headings;
    this.shotWork = profile.reverse ? REVERSING_SHOT_WORK : SHOT_WORK;
    this.joins = new StartJoins(grid, profile, moves.headings, this.shotWork);
    this.ends = movesEndingAt(moves);
    this.shotNear = options.shotNear;
    this.shots = options.analyticShots ?? true;
    this.walls = options.walls;
    this.goalSideOnly = options.goalSideOnly ?? false;
    this.reached = options.reached;
    this.hits = options.hits;
  }

  /** The current verdict. */
  get verdict(): ReachVerdict {
    return this.verdictNow;
  }

  /**
   * True while the start side of a goal-side-only proof still grows (forward-only units, at most
   * {@link PROBE_STATES} states): a start pocket may yet be proven by it running dry. A caller
   * may give the proof more of its opening while this holds or the goal side is small.
   */
  get startSideGrowing(): boolean {
    return this.probing;
  }

  /**
   * Allocates the stamps (4 bytes per lattice state of the grid) now, not on the first proof: a
   * planner does it as a piece of its sliced table build. Does nothing when they exist.
   */
  allocate(): void {
    const states = this.grid.width * this.grid.height * this.H;
    if (this.stamp.length !== states) {
      this.stamp = new Uint32Array(states);
      this.generation = 0;
    }
  }

  /**
   * Starts a proof for a query (forgetting any earlier one); returns its verdict when decided at once.
   * `startJoins`, when given, are the lattice states the exact start joins (every one whose join is
   * computable and sweeps no wall, as the planner's virtual start joins them): a caller whose search
   * has joined the start already passes them, and the proof marks them instead of computing the
   * joins again (432 work units at 16 headings). Ignored when the start is a lattice state. A list
   * missing a legal join can make a wrong `unreachable`. A goal-side-only proof given none solves
   * a join only when its goal side reaches the joined state: a goal pocket far from the start then
   * solves none (a reversing unit's 144 joins cost about 1,000 units, more than most pockets).
   */
  begin(start: Pose, goal: CurveGoal, startJoins?: readonly number[]): ReachVerdict {
    this.query = { start, goal };
    this.version = this.grid.layoutVersion;
    const { width, height } = this.grid;
    const H = this.H;
    this.allocate();
    if (++this.generation > MAX_GENERATION) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    this.forward.clear();
    this.backward.clear();
    this.nearPending = [];
    this.probing = false;
    this.probeJoins = [];
    this.probeAt = 0;
    this.shotTried.clear();
    this.hitLength.fill(Infinity);
    this.work = 0;
    this.forwardVisited = 0;
    this.backwardVisited = 0;
    this.backwardWork = 0;
    this.verdictNow = 'pending';
    this.exhausted = null;
    this.goalSideReused = false;
    this.goalHeading = goal.heading === undefined || goal.heading === null ? null : normalizeAngle(goal.heading);
    this.goal = { x: goal.x, y: goal.y, heading: this.goalHeading ?? 0 };
    this.approach = this.shots && this.goalHeading !== null && !this.profile.reverse ? new ApproachBound(this.grid, this.goal, this.profile.turningRadius, this.profile.sweepRadius) : null;
    this.work += this.approach?.work ?? 0;
    const startPose = { x: start.x, y: start.y, heading: normalizeAngle(start.heading) };
    this.startPose = startPose;
    const sx = Math.min(width - 1, Math.floor(start.x));
    const sy = Math.min(height - 1, Math.floor(start.y));
    const sk = latticeIndex(startPose.heading, H);
    const onCentre = Number.isInteger(start.x - 0.5) && Number.isInteger(start.y - 0.5);
    const latticeStart = onCentre && sk >= 0;
    // Set before the goal side is marked: marking solves the joins it reaches.
    this.lazyJoins = this.goalSideOnly && !latticeStart && startJoins === undefined;
    this.joins.reset(startPose, sx, sy, joinRings(this.moves.rings));

    const c = this.goalSide;
    if (c !== null && c.version === this.grid.layoutVersion && c.x === goal.x && c.y === goal.y && c.heading === this.goalHeading) {
      // The goal side of an earlier proof to this goal ran dry on this grid: it is complete, reuse it.
      for (let i = 0; i < c.states.length; i++) this.markBackward(c.states[i]!);
      this.backward.head = this.backward.tail;
      this.work += Math.ceil(c.states.length / MARKS_PER_UNIT);
      this.goalSideReused = true;
    } else {
      this.seedGoal(goal);
    }
    this.backwardWork = this.work;
    // The goal side met a state the caller's search reached (option `reached`).
    if (this.verdictNow !== 'pending') return this.verdictNow;

    // The start: a lattice state, or the exact pose joined to the states of the tiles around it.
    if (latticeStart) {
      const id = (sy * width + sx) * H + sk;
      // The search tries the shot from its start state whatever its distance; a goal state is met at once.
      if ((this.shots && this.shotFrom(id)) || this.markForward(id)) return this.decide('reachable');
    } else {
      if (this.atGoal(startPose)) return this.decide('reachable');
      if (this.shots && this.shotLegal(startPose, true)) return this.decide('reachable');
      if (this.lazyJoins) {
        // A kept goal side is complete: the start side has nothing to add.
        if (!this.goalSideReused) this.openProbe(startPose);
        this.forwardWork = this.work - this.backwardWork;
        return 'pending';
      }
      if (startJoins === undefined) this.joinStart();
      else this.markJoins(startJoins);
      if (this.verdictNow !== 'pending') return this.verdictNow;
    }
    if (this.forward.empty) return this.decideExhausted('forward');
    this.forwardWork = this.work - this.backwardWork;
    this.probing = this.goalSideOnly && !this.profile.reverse;
    return 'pending';
  }

  /** Seeds the backward side: the goal states, and the near states whose shot it has to try. */
  private seedGoal(goal: CurveGoal): void {
    const { width, height } = this.grid;
    const H = this.H;
    // Goal states: the goal at a tile centre, with any heading or a lattice heading.
    const gcx = Math.min(width - 1, Math.floor(goal.x));
    const gcy = Math.min(height - 1, Math.floor(goal.y));
    const gk = this.goalHeading === null ? -1 : latticeIndex(this.goalHeading, H);
    if (goal.x === gcx + 0.5 && goal.y === gcy + 0.5 && (this.goalHeading === null || gk >= 0)) {
      for (let k = 0; k < H; k++) if (gk < 0 || k === gk) this.markBackward((gcy * width + gcx) * H + k);
    }
    // States near the goal whose shot the search tries at every expansion; a state whose centre
    // disc touches a wall is never reached (every move and join sweeps its end pose), so it is
    // skipped. The test leaves out the touch margin, so that rounding in a move's cell table
    // cannot make a skipped state reachable.
    if (this.shots) {
      // Near shots the walls behind the goal rule out are not tried: the search's sweep a wall too.
      const bound = this.approach !== null && this.approach.limit < Infinity ? this.approach : null;
      let tested = 0;
      const near = this.shotNear;
      const x0 = Math.max(0, Math.floor(goal.x - near - 0.5));
      const x1 = Math.min(width - 1, Math.ceil(goal.x + near - 0.5));
      const y0 = Math.max(0, Math.floor(goal.y - near - 0.5));
      const y1 = Math.min(height - 1, Math.ceil(goal.y + near - 0.5));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          if (!this.isNear(y * width + x)) continue;
          if (this.grid.cells[y * width + x] === 1 || discHitsBlocked(this.grid, x + 0.5, y + 0.5, this.profile.sweepRadius - TOUCH_MARGIN)) continue;
          if (bound !== null) {
            tested++;
            if (bound.rejectsPoint(x + 0.5, y + 0.5)) continue;
          }
          for (let k = 0; k < H; k++) {
            if (bound !== null && (tested++, bound.rejects(x + 0.5, y + 0.5, latticeHeading(k, H)))) continue;
            this.nearPending.push((y * width + x) * H + k);
          }
        }
      }
      this.work += tested / POSES_PER_UNIT;
    }
  }

  /**
   * Advances the proof by about `budget` work units (state expansions; a shot counts
   * {@link SHOT_WORK}); returns the verdict, `pending` when the budget ran out first.
   */
  step(budget = Infinity): ReachVerdict {
    let left = budget;
    // The blocking changed since the proof began: what it visited may be stale, so it starts over.
    if (this.verdictNow === 'pending' && this.grid.layoutVersion !== this.version) {
      const v = this.begin(this.query.start, this.query.goal);
      if (v !== 'pending') return v;
    }
    while (this.verdictNow === 'pending' && left > 0) {
      const before = this.work;
      // The side that has done less work goes next: the proof costs about twice the cheaper side.
      // A probing start side (bounded: PROBE_STATES and the joins) gets PROBE_SHARE times the goal side's.
      const backwardDone = this.backward.empty && this.nearPending.length === 0;
      // Joins solved lazily leave the forward side empty: only the goal side can run dry.
      if (this.forward.empty && !this.lazyJoins) return this.decideExhausted('forward');
      if (backwardDone) return this.decideExhausted('backward');
      if ((!this.goalSideOnly || this.probing) && this.forwardWork <= (this.probing ? PROBE_SHARE : 1) * this.backwardWork) {
        // A probing start side expands what it has before it solves more joins: open ground
        // passes PROBE_STATES within a few expansions.
        if (this.forward.empty) this.probeJoin();
        else this.expandForward(this.forward.pop());
        if (this.probing && this.forwardVisited > PROBE_STATES) this.probing = false;
        this.forwardWork += this.work - before;
      } else {
        // What the goal side has grows before more near shots are tried: the verdict is the same
        // (every shot is tried before the side can run dry), but a path is met sooner.
        if (this.backward.empty) this.tryNear(this.nearPending.pop()!);
        else this.expandBackward(this.backward.pop());
        this.backwardWork += this.work - before;
      }
      left -= this.work - before;
    }
    return this.verdictNow;
  }

  /**
   * Lists the exact start's joins for the start side of a goal-side-only proof to solve
   * ({@link probing}), for a forward-only unit: a join the walls ahead of the start rule out
   * (the {@link ApproachBound} of the start, driven backward) is never solved. A unit that
   * reverses keeps its joins lazy: a Reeds-Shepp join costs more than most pockets.
   */
  private openProbe(start: Pose): void {
    if (this.profile.reverse) return;
    const ahead = new ApproachBound(this.grid, { x: start.x, y: start.y, heading: start.heading + Math.PI }, this.profile.turningRadius, this.profile.sweepRadius);
    const bound = ahead.limit < Infinity ? ahead : null;
    let tested = 0;
    const joins = this.joins;
    for (let slot = 0; slot < joins.slots; slot++) {
      if (!joins.free(slot)) continue;
      // The join, driven backward, is a curve into the start facing back.
      const end = joins.target(slot);
      if (bound !== null && (tested++, bound.rejects(end.x, end.y, end.heading + Math.PI))) joins.ruleOut(slot);
      else this.probeJoins.push(slot);
    }
    this.work += ahead.work + tested / POSES_PER_UNIT;
    this.probing = true;
    this.settleProbe();
  }

  /**
   * Solves the start side's next join; a legal one is marked forward. A join into a dead end is
   * not solved: see {@link deadEnd}.
   */
  private probeJoin(): void {
    const slot = this.probeJoins[this.probeAt++]!;
    const id = this.joins.state(slot);
    if (!this.deadEnd(id) && this.joinLegal(slot) && this.markForward(id)) return;
    this.settleProbe();
  }

  /**
   * True when lattice state `id` leads nowhere: no legal move leaves it, it is no goal state (not
   * marked backward) and not near the goal (no shot from it). Reached or not, it adds nothing to
   * the start side but itself, and the goal side never marks it (it marks only goal states, near
   * states with a legal shot, and states with a legal move to a marked one), so the start side
   * may skip its join: a start pocket's joins end mostly in such states, and a join costs
   * {@link SHOT_WORK} where this test costs at most an expansion (less once a legal move is seen).
   */
  private deadEnd(id: number): boolean {
    const H = this.H;
    const w = this.grid.width;
    const cell = (id / H) | 0;
    if (this.visited(id, BACKWARD) || (this.shots && this.isNear(cell))) return false;
    const k = id - cell * H;
    const cx = cell % w;
    const cy = (cell / w) | 0;
    const mv = this.moves;
    const first = mv.first[k]!;
    const last = mv.first[k + 1]!;
    let m = first;
    let dead = true;
    const bits = this.hitBits(false, k, cx, cy);
    while (m < last && dead) {
      const tx = cx + mv.dx[m]!;
      const ty = cy + mv.dy[m]!;
      // As in expandForward: a target off the map is never reached.
      const inside = tx >= 0 && ty >= 0 && tx < w && ty < this.grid.height;
      if (inside && (bits !== null ? ((bits[(m - first) >> 5]! >>> ((m - first) & 31)) & 1) === 0 : this.legal(m, cx, cy))) dead = false;
      m++;
    }
    // Counted as the share of an expansion's move checks it made.
    this.work += last > first ? (m - first) / (last - first) : 0;
    return dead;
  }

  /**
   * Once the start side has every join (the legal ones marked forward), the goal side has none
   * left to solve, and the start side running dry proves there is no path.
   */
  private settleProbe(): void {
    if (this.probing && this.probeAt === this.probeJoins.length) this.lazyJoins = false;
  }

  private decide(v: 'reachable' | 'unreachable'): ReachVerdict {
    this.verdictNow = v;
    return v;
  }

  private decideExhausted(side: 'forward' | 'backward'): ReachVerdict {
    this.exhausted = side;
    if (side === 'backward') {
      const states = this.backward.items.slice(0, this.backward.tail);
      this.goalSide = { x: this.goal.x, y: this.goal.y, heading: this.goalHeading, version: this.grid.layoutVersion, states };
    }
    return this.decide('unreachable');
  }

  /** Marks `id` visited forward; true when the backward side had it (the sides meet). */
  private markForward(id: number): boolean {
    const s = this.stamp[id]!;
    const mine = s >>> SIDE_BITS === this.generation;
    if (mine && (s & FORWARD) !== 0) return false;
    this.stamp[id] = (this.generation << SIDE_BITS) | FORWARD | (mine ? s & BACKWARD : 0);
    this.forward.push(id);
    this.forwardVisited++;
    if (mine && (s & BACKWARD) !== 0) {
      this.decide('reachable');
      return true;
    }
    // A near state reached forward tries its shot now, as the search would on expanding it.
    if (this.shots && this.isNear((id / this.H) | 0) && this.shotFrom(id)) {
      this.decide('reachable');
      return true;
    }
    return false;
  }

  /** Marks `id` visited backward; true when the forward side had it. */
  private markBackward(id: number): boolean {
    const s = this.stamp[id]!;
    const mine = s >>> SIDE_BITS === this.generation;
    if (mine && (s & BACKWARD) !== 0) return false;
    this.stamp[id] = (this.generation << SIDE_BITS) | BACKWARD | (mine ? s & FORWARD : 0);
    this.backward.push(id);
    this.backwardVisited++;
    if ((mine && (s & FORWARD) !== 0) || this.reached?.(id) === true || this.joinsStart(id)) {
      this.decide('reachable');
      return true;
    }
    return false;
  }

  /**
   * True when the exact start of a proof that joins it lazily ({@link lazyJoins}) joins state
   * `id`: its cell is within the join rings and the join is legal. Every state the goal side marks
   * is asked once, so a goal side that runs dry has tried every join it could meet.
   */
  private joinsStart(id: number): boolean {
    if (!this.lazyJoins) return false;
    const slot = this.joins.slotOf(id);
    return slot >= 0 && this.joinLegal(slot);
  }

  /**
   * True when the start's join of `slot` is legal, solving it (and counting its work) the first
   * time. A forward-only unit's join is a Dubins curve: one whose middle or first piece has a
   * sampled point in a wall ({@link middleHits}) is ruled out before it is solved (a start pocket's
   * joins mostly are).
   */
  private joinLegal(slot: number): boolean {
    const joins = this.joins;
    if (!joins.solved(slot)) {
      if (!this.profile.reverse) {
        this.work += SOLVE_WORK;
        const choice = curveOrNull(() => dubinsChoice(this.startPose, joins.target(slot), this.profile.turningRadius));
        if (choice !== null && this.middleHits(this.startPose, choice, true)) {
          joins.ruleOut(slot);
          return false;
        }
      }
      const before = joins.work;
      joins.solve(slot, this.freshWalls());
      this.work += joins.work - before;
    }
    return joins.cost(slot) < Infinity;
  }

  /** The backward side tries the shot of a near state; a legal one makes the state a target. */
  private tryNear(id: number): void {
    if (this.shotFrom(id)) this.markBackward(id);
  }

  /** Marks the start's joined states given by the caller (see {@link begin}). */
  private markJoins(joins: readonly number[]): void {
    this.work += Math.ceil(joins.length / MARKS_PER_UNIT);
    for (const id of joins) if (this.markForward(id)) return;
  }

  /** Joins the exact start pose to every state of the tiles around it, as the planner's virtual start does. */
  private joinStart(): void {
    const joins = this.joins;
    for (let slot = 0; slot < joins.slots; slot++) {
      if (joins.free(slot) && this.joinLegal(slot) && this.markForward(joins.state(slot))) {
        this.decide('reachable');
        return;
      }
    }
  }

  /** Visits the successors of `id` by the legal moves. */
  private expandForward(id: number): void {
    this.work++;
    const H = this.H;
    const w = this.grid.width;
    const cell = (id / H) | 0;
    const k = id - cell * H;
    const cx = cell % w;
    const cy = (cell / w) | 0;
    const mv = this.moves;
    const firstMove = mv.first[k]!;
    const last = mv.first[k + 1]!;
    const bits = this.hitBits(false, k, cx, cy);
    for (let m = firstMove; m < last; m++) {
      // The moves the bits block, skipped a word at a time (the tests below are pure, so their order is free).
      if (bits !== null) {
        m = nextClear(bits, firstMove, m, last);
        if (m === last) break;
      }
      const tx = cx + mv.dx[m]!;
      const ty = cy + mv.dy[m]!;
      // A target off the map is illegal anyway: the move sweeps its end disc.
      if (tx < 0 || ty < 0 || tx >= w || ty >= this.grid.height) continue;
      const to = (ty * w + tx) * H + mv.endHeading[m]!;
      if (this.visited(to, FORWARD)) continue;
      if (bits === null && !this.legal(m, cx, cy)) continue;
      if (this.markForward(to)) return;
    }
  }

  /** Visits the predecessors of `id` by the legal moves. */
  private expandBackward(id: number): void {
    this.work++;
    // The caller's search may have reached it since it was marked.
    if (this.reached?.(id) === true) {
      this.decide('reachable');
      return;
    }
    const H = this.H;
    const w = this.grid.width;
    const cell = (id / H) | 0;
    const k = id - cell * H;
    const cx = cell % w;
    const cy = (cell / w) | 0;
    const mv = this.moves;
    const { first, moves, fromHeading } = this.ends;
    const firstMove = first[k]!;
    const bits = this.hitBits(true, k, cx, cy);
    const end = first[k + 1]!;
    for (let i = firstMove; i < end; i++) {
      // As in expandForward: blocked moves skipped a word at a time, the pure tests in any order.
      if (bits !== null) {
        i = nextClear(bits, firstMove, i, end);
        if (i === end) break;
      }
      const m = moves[i]!;
      const fx = cx - mv.dx[m]!;
      const fy = cy - mv.dy[m]!;
      if (fx < 0 || fy < 0 || fx >= w || fy >= this.grid.height) continue;
      const from = (fy * w + fx) * H + fromHeading[m]!;
      if (this.visited(from, BACKWARD)) continue;
      if (bits === null && !this.legal(m, fx, fy)) continue;
      if (this.markBackward(from)) return;
    }
  }

  /**
   * The blocked moves out of (or `into`) heading k at cell (cx, cy) as bits from {@link hits}, or
   * null when there are none to read (each move is then checked by its cells).
   */
  private hitBits(into: boolean, k: number, cx: number, cy: number): Int32Array | null {
    const hits = this.hits;
    if (hits === undefined) return null;
    if (this.blockedMoves.length < hits.words) this.blockedMoves = new Int32Array(hits.words);
    const answered = into ? hits.blockedInto(k, cx, cy, this.blockedMoves) : hits.blockedFrom(k, cx, cy, this.blockedMoves);
    return answered ? this.blockedMoves : null;
  }

  private visited(id: number, side: number): boolean {
    const s = this.stamp[id]!;
    return s >>> SIDE_BITS === this.generation && (s & side) !== 0;
  }

  /** True when move `m` from cell (cx, cy) sweeps no blocked or outside cell. */
  private legal(m: number, cx: number, cy: number): boolean {
    const mv = this.moves;
    const { width, height, cells } = this.grid;
    const walls = this.freshWalls();
    // Every swept cell lies within the move's extent of its start cell: open ground needs no check.
    if (walls !== undefined && walls.values[cy * width + cx]! > mv.extent[m]!) return true;
    const end = mv.cellFirst[m + 1]!;
    for (let i = mv.cellFirst[m]!; i < end; i++) {
      const x = cx + mv.cellX[i]!;
      const y = cy + mv.cellY[i]!;
      if (x < 0 || y < 0 || x >= width || y >= height || cells[y * width + x] === 1) return false;
    }
    return true;
  }

  private freshWalls(): WallDistanceMap | undefined {
    return this.walls !== undefined && this.walls.fresh ? this.walls : undefined;
  }

  /** True when the centre of `cell` is within the shot distance of the goal (the planner's test, negated). */
  private isNear(cell: number): boolean {
    const w = this.grid.width;
    return !(Math.hypot((cell % w) + 0.5 - this.goal.x, ((cell / w) | 0) + 0.5 - this.goal.y) > this.shotNear);
  }

  private atGoal(pose: Pose): boolean {
    if (pose.x !== this.goal.x || pose.y !== this.goal.y) return false;
    return this.goalHeading === null || Math.abs(normalizeAngle(pose.heading - this.goalHeading)) < HEADING_EPSILON;
  }

  /**
   * True when the analytic shot from lattice state `id` to the current proof's goal is legal
   * ({@link shotLegal}); tried once per proof and remembered, so the caller's search, which tries
   * the same shots from the states it expands, asks here instead of solving them a second time.
   * Counts as work.
   */
  shotFrom(id: number): boolean {
    const known = this.shotTried.get(id);
    if (known !== undefined) return known;
    const H = this.H;
    const w = this.grid.width;
    const cell = (id / H) | 0;
    const legal = this.shotLegal({ x: (cell % w) + 0.5, y: ((cell / w) | 0) + 0.5, heading: latticeHeading(id - cell * H, H) });
    this.shotTried.set(id, legal);
    return legal;
  }

  /**
   * True when the planner's analytic shot from `pose` to the goal of the current proof (see
   * {@link begin}) is computable and sweeps no wall: Pinter's first leg when the goal heading is
   * null, else the shortest curve to the goal pose. Counts as work.
   */
  shotLegal(pose: Pose, fromStart = false): boolean {
    const approach = this.approach;
    if (approach !== null) {
      this.work += 1 / POSES_PER_UNIT;
      if (approach.rejects(pose.x, pose.y, pose.heading)) return false;
    }
    const p = this.profile;
    let choice: DubinsChoice | null = null;
    if (this.goalHeading !== null && !p.reverse) {
      // A forward-only shot to a goal heading: its pieces alone may reject it, before its path is built.
      this.work += SOLVE_WORK;
      choice = curveOrNull(() => dubinsChoice(pose, this.goal, p.turningRadius));
      if (choice === null || this.rejectsPieces(choice) || this.middleHits(pose, choice)) return false;
      this.work += this.shotWork - SOLVE_WORK;
    } else {
      // A first leg (any goal heading) is closed-form and cheap (about 1.4 µs, its path included) even
      // for a unit that reverses: its solve counts as a Dubins solve, its sweep once it is swept.
      this.work += this.goalHeading === null ? SOLVE_WORK : this.shotWork;
    }
    const curve = curveOrNull(() =>
      choice !== null
        ? dubinsOf(pose, this.goal, p.turningRadius, choice)
        : this.goalHeading === null
          ? firstLeg(pose, this.goal, p.turningRadius, { reverse: p.reverse, reverseCost: p.reverseCost })
          : curveBetween(p, pose, this.goal),
    );
    if (curve === null) return false;
    const segments = curve.path.segments;
    if (approach !== null && approach.rejectsLength(curve.path.length)) return false;
    if (segments.length === 0) {
      this.work += longSweepWork(curve.path.length);
      return !pathHitsBlocked(this.grid, curve.path, p.sweepRadius, this.freshWalls());
    }
    // With a goal heading, the last piece ends at the goal pose, so its kind, turn and direction
    // fix the piece but for its length, and the footprint it sweeps only grows with the length:
    // a piece at least as long as one of its kind that hit is rejected without geometry.
    const last = segments[segments.length - 1]!;
    const kind = this.goalHeading === null ? -1 : pieceKind(last);
    if (kind >= 0 && last.length >= this.hitLength[kind]!) return false;
    if (!fromStart && last.kind === 'line' && this.lineEndHits(last)) return false;
    if (this.goalHeading === null) this.work += SHOT_WORK - SOLVE_WORK;
    // Last piece first: a shot from open ground into a pocket hits near the goal, so this rejects
    // sooner; but the exact start's shot, first piece first: a unit facing into a dead end hits
    // at once, where the rest of its shot runs to a goal across the map. The verdict is the same
    // (a shot is legal iff every piece is); the work counted is the length swept.
    const n = segments.length;
    let swept = 0;
    for (let j = 0; j < n; j++) {
      const i = fromStart ? j : n - 1 - j;
      const seg = segments[i]!;
      swept += seg.length;
      if (segmentHitsBlocked(this.grid, seg, p.sweepRadius, this.freshWalls())) {
        if (i === n - 1 && kind >= 0) this.hitLength[kind] = Math.min(this.hitLength[kind]!, last.length);
        this.work += longSweepWork(swept);
        return false;
      }
    }
    this.work += longSweepWork(swept);
    return true;
  }

  /**
   * True when a point of straight piece `seg` near its end (see {@link LINE_END_SAMPLES}) has a
   * footprint touching a wall: a shot's last straight runs into the goal, and one that reaches it
   * through a gap too narrow for it hits just outside. Counts its points.
   */
  private lineEndHits(seg: Segment): boolean {
    const rho = this.profile.sweepRadius - SAMPLE_MARGIN;
    const sign = seg.reverse ? -1 : 1;
    const ux = sign * Math.cos(seg.heading);
    const uy = sign * Math.sin(seg.heading);
    let tested = 0;
    let hit = false;
    for (const back of LINE_END_SAMPLES) {
      if (back >= seg.length) break;
      tested++;
      const along = seg.length - back;
      if (discHitsBlocked(this.grid, seg.x + ux * along, seg.y + uy * along, rho)) {
        hit = true;
        break;
      }
    }
    this.work += tested / SAMPLES_PER_UNIT;
    return hit;
  }

  /**
   * True when a sampled point of the middle piece of the Dubins curve `choice` from `pose` (see
   * {@link MIDDLE_SAMPLES}), or with `firstToo` the middle of its first piece, has a footprint
   * touching a wall: the path sweeps that footprint, so the curve is illegal, shown before its
   * path is built. Counts its points.
   */
  private middleHits(pose: Pose, choice: DubinsChoice, firstToo = false): boolean {
    const [first, middle] = choice.parts;
    const r = this.profile.turningRadius;
    const rho = this.profile.sweepRadius - SAMPLE_MARGIN;
    const [k0, k1] = dubinsSteers(choice.word);
    // The pose where the middle piece begins: the first arc's end (centre on the side it bends to).
    let x = pose.x;
    let y = pose.y;
    let h = pose.heading;
    if (first !== 0) {
      const cx = x - k0 * r * Math.sin(h);
      const cy = y + k0 * r * Math.cos(h);
      h += k0 * first;
      x = cx + k0 * r * Math.sin(h);
      y = cy - k0 * r * Math.cos(h);
    }
    let tested = 0;
    let hit = false;
    for (const f of middle === 0 ? [] : MIDDLE_SAMPLES) {
      tested++;
      let px: number;
      let py: number;
      if (k1 === 0) {
        px = x + f * middle * r * Math.cos(h);
        py = y + f * middle * r * Math.sin(h);
      } else {
        const cx = x - k1 * r * Math.sin(h);
        const cy = y + k1 * r * Math.cos(h);
        const at = h + k1 * f * middle;
        px = cx + k1 * r * Math.sin(at);
        py = cy - k1 * r * Math.cos(at);
      }
      if (discHitsBlocked(this.grid, px, py, rho)) {
        hit = true;
        break;
      }
    }
    if (!hit && firstToo && first !== 0) {
      // The first piece is an arc from `pose`: its middle point.
      tested++;
      const at = pose.heading + (k0 * first) / 2;
      const px = pose.x - k0 * r * Math.sin(pose.heading) + k0 * r * Math.sin(at);
      const py = pose.y + k0 * r * Math.cos(pose.heading) - k0 * r * Math.cos(at);
      hit = discHitsBlocked(this.grid, px, py, rho);
    }
    this.work += tested / SAMPLES_PER_UNIT;
    return hit;
  }

  /**
   * True when the Dubins shot of `choice` is rejected by what its pieces' lengths show: its last
   * non-empty piece is at least as long as one of its kind found to hit (see {@link shotLegal}),
   * or the whole is longer than the approach bound allows. The same tests {@link shotLegal}
   * applies to the built path: a piece's length is the same product either way.
   */
  private rejectsPieces(choice: DubinsChoice): boolean {
    const r = this.profile.turningRadius;
    const [a, b, c] = choice.parts;
    if (this.approach !== null && this.approach.rejectsLength(a * r + b * r + c * r)) return true;
    const steers = dubinsSteers(choice.word);
    for (let i = 2; i >= 0; i--) {
      const length = choice.parts[i]! * r;
      if (length === 0) continue;
      // The kinds of pieceKind, for a forward piece: a line, or an arc turning right (+1) or left.
      const steer = steers[i]!;
      const kind = steer === 0 ? 0 : steer === 1 ? 2 : 4;
      return length >= this.hitLength[kind]!;
    }
    return false;
  }
}

/** Kinds of pieces ending at a given pose: a line or an arc of either turn, driven forward or backward. */
const PIECE_KINDS = 6;

/** The kind of a piece, 0 .. {@link PIECE_KINDS} - 1: with its end pose and length it fixes the piece. */
function pieceKind(seg: Segment): number {
  const backward = seg.reverse ? 1 : 0;
  return seg.kind === 'line' ? backward : 2 + 2 * (seg.turn === 1 ? 0 : 1) + backward;
}
