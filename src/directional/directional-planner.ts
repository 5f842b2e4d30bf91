/**
 * Directional A* (Pinter, "Toward More Realistic Pathfinding", Game Developer 2001), exact and
 * fast, with the analytic shot of Hybrid A* (Dolgov, Thrun, Montemerlo and Diebel, 2008).
 *
 * States are (tile centre, heading) with 8 or 16 headings; moves are the shortest curves to the
 * states of the Directional-8, -24 or -48 neighbourhood (see {@link MoveSet}), legal iff none of
 * the cells their footprint sweeps is blocked. The start is the unit's exact pose, joined to the
 * lattice by curves checked against the exact geometry; the goal is a point with an optional
 * heading, reached by the lattice or by an analytic shot (the shortest curve from an expanded
 * state to the goal pose, accepted as soon as it is collision-free).
 *
 * A query with no path is answered by a {@link ReachabilityProof} run beside the search (see
 * {@link DirectionalOptions.proofAfter}), not by expanding every reachable state: `no-room-to-turn`
 * then means that no lattice state the search can reach is a goal state or has a legal shot from
 * near the goal, whatever far shot the expansion order might have tried (docs/reachability.md).
 */
import { Grid, type GridArea } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import { CLOSED, OPEN, SearchMemory, UNSEEN } from '../search/memory.js';
import { SearchSlot, type RunState, type SearchSession } from '../search/session.js';
import type { CurveGoal, CurvePlanner, CurveQueryOptions, CurveResult } from '../curves/curve-planner.js';
import { normalizeAngle } from '../curves/angle.js';
import { curveOrNull, FIRST_LEG_RINGS, HEADING_EPSILON, joinRings, latticeIndex, longSweepWork, shotNearDistance } from './lattice-rules.js';
import { SteppedBuild, unitsFor, type BuildWork } from '../search/stepped-build.js';
import { copyCostsWork, FIELD_CORNERS_PER_UNIT, GoalDistanceField, shrinkReach, shrinkWork } from './distance-field.js';
import { firstLeg } from '../curves/first-leg.js';
import { hypot } from '../curves/hypot.js';
import { WallDistanceMap, WHOLE_REFRESH_SHARE, pathHitsBlocked } from '../curves/footprint.js';
import { ChangeBoxes, growArea, type ChangeKind } from '../grid/change-boxes.js';
import { kinematicTableFor, type KinematicTable } from './heuristic-table.js';
import {
  costBound,
  curveBetween,
  latticeHeading,
  LOOP_TURN,
  moveSetBuild,
  moveSetFor,
  type HeadingCount,
  type MoveSet,
  type Neighborhood,
  turningOf,
} from './hit-check.js';
import { Corridor, CORRIDOR_TILES } from './corridor.js';
import { StartJoins } from './start-joins.js';
import { moveBitsWork, nextClear, type MoveBits } from './move-bits.js';
import { PathShortcut, type ShortcutChain } from './shortcut.js';
import { moveRunEnds } from './move-runs.js';
import { edgeRowsFit } from './edge-rows.js';
import { intoBitsWork, readWindow, WindowHits } from './window-hits.js';
import { DEFAULT_MAX_MEMORY } from './memory-size.js';
import { PaddedGrid } from './padded-grid.js';
import { curveFailure, precheck, refusalOf, safePose, type Refusal } from './query-checks.js';
import { directionalProfile, type ResolvedProfile, type UnitProfile } from '../unit/profile.js';
import { RegionLabels } from './regions.js';
import { movesEndingAt, ReachabilityProof, type ReachVerdict } from './reachability.js';
import { resizeSegment, type Pose, type Segment } from '../curves/segment.js';
import { SegmentPath, type Curve } from '../curves/segment-path.js';
import { curveCostOn, moveCostsWork, segmentsCostOn, type MoveCosts } from './move-costs.js';
import { MinCosts } from './min-costs.js';
import { CentreField } from './centre-field.js';

/** How the lattice is laid out. */
export interface DirectionalOptions {
  /** Headings per full turn: 8 or 16 (default 16). */
  headings?: HeadingCount;
  /**
   * Move targets: the tiles within 1 (8), 2 (24) or 3 (48) rings. Default 24, or 48 for turning
   * radii above 2 tiles.
   */
  neighborhood?: Neighborhood;
  /**
   * The most memory (bytes) the planner may allocate for its per-map tables and search state;
   * default {@link DEFAULT_MAX_MEMORY}. A map that needs more (see {@link directionalMemory}) is
   * refused: every query ends at once with status `budget`.
   */
  maxMemory?: number;
  /**
   * Expansions of a full search before the reachability proof (see docs/reachability.md) starts
   * beside it; default {@link DEFAULT_PROOF_AFTER}. `Infinity` turns the proof off: a query with
   * no path then ends only when the search has expanded every reachable state (seconds on a
   * large map). 0 starts it before the first expansion.
   */
  proofAfter?: number;
}

export { DEFAULT_MAX_MEMORY, directionalMemory } from './memory-size.js';
export type { Refusal } from './query-checks.js';

/**
 * When the grid changes while its tables are being rebuilt in slices, the rebuild starts over;
 * after this many restarts in a row it runs to its end in one step, so that a map edited every
 * frame cannot starve the unit (at the cost of one long step).
 */
const MAX_REBUILD_RESTARTS = 2;

/**
 * Bytes of zeroed arrays allocated per microsecond. Fresh pages from the system cost nothing, but
 * memory the process freed before is cleared byte by byte: measured 3 to 10 KB a microsecond.
 * One array is one piece, so the search memory of a 512 x 512 map at 16 headings (34 MB of g) is
 * a piece of about 8,000 units, the one piece larger than {@link MAX_PIECE_UNITS}.
 */
const ALLOCATION_BYTES_PER_UNIT = 4096;

/**
 * Expansions before the reachability proof starts beside the full search: most found queries and
 * every start pocket (the search runs dry within a few dozen expansions) end before it, and pay
 * nothing for it; past it a goal pocket costs at most this much more than the proof. 64 was
 * tried: the slowest goal pockets of the steering queries cost a third less (lak303d#37 2,463 ->
 * 1,814 units), but on the demo map the ship's orders (forward only, r = 3, tile costs) had their
 * p95 go from about 10 to 28 ms, and 512 keeps the no-room answers under 5 ms (3.5 ms at most).
 */
export const DEFAULT_PROOF_AFTER = 512;

/**
 * Work units of the proof's turn when the search and the proof alternate: short enough that a
 * frame's budget of a few thousand units serves both, long enough that the switch costs nothing.
 */
const PROOF_CHUNK = 256;

/**
 * Expansions of the search's turn: three times the proof's. The proof rarely ends a query the
 * search solves (it would have to meet the search), so on found queries its share is pure
 * overhead: a third more work, where an equal share doubled it (on the shared steering queries,
 * r = 2). A goal pocket then costs about four times the proof's work instead of two: 20,000
 * units at most on those queries, against 10,500.
 */
const SEARCH_CHUNK = 3 * PROOF_CHUNK;

/**
 * Work units the proof gets at once when it begins, before the search's next turn. A goal pocket
 * is small on the goal side: its proof ran dry within 5,200 units on every `no-room-to-turn`
 * answer of the shared steering queries (r = 2), so the burst answers it without the three
 * expansions per unit the alternation costs. A found query past {@link DEFAULT_PROOF_AFTER} pays
 * at most the burst more.
 */
const PROOF_BURST = 6144;

/**
 * The burst ends early once the goal side holds this many states: a pocket's goal side is small
 * (at most 24 states on the slowest steering pockets, whose proofs are near shots), while open
 * ground grows it by hundreds within a few hundred units, on a query the search will solve.
 */
const BURST_GOAL_SIDE = 256;

/**
 * Units of the proof's early turn, before the query pays for its distance field: on the shared
 * steering queries (r = 2) the proof showed a goal pocket in 3 to 14 units once begun, where the
 * search's first 512 expansions and the field had cost 1,000 to 20,000.
 */
const EARLY_PROOF_UNITS = 64;

/**
 * Cut states read per work unit when a widening picks its seeds or sorts them (an estimate from the
 * cells' cache, or a stamp, each). These passes are not sliced: a piece of (cut states / 32) units.
 */
const CUT_STATES_PER_UNIT = 32;

/** {@link DirectionalPlanner}'s centres' guide before the query's opening has decided it. */
const CENTRES_UNDECIDED = -2;

/**
 * Times a hybrid corridor that ran dry is widened around the states it cut before the search falls
 * back to the whole lattice: each widening adds the corridor's half-width around them.
 */
const MAX_LOCAL_WIDENINGS = 2;

/**
 * Expansions the search goes on for after its first legal shot that loops, looking for a cheaper
 * way in: where the goal needs the loop (a pose just ahead at nearly its heading) every state
 * costing less than the loop would be expanded first, 580 of them where the loop came at 59. A
 * way around that a weighted search missed is found within a few dozen (15 on lak303d#26).
 */
const LOOP_GRACE = 64;

/**
 * Cell pieces of moves summed per work unit on a weighted grid ({@link MoveCosts.cost}): measured
 * 3 to 5 ns a piece inside the map (38 ns for a reversing tank's move of 8 pieces, 53 ns for a
 * forward one's of 17.5: its loops are long) and about 8 ns at its borders, rounded down so the
 * sums are never under-counted.
 */
const CELL_PIECES_PER_UNIT = 100;

/**
 * A deferred shot on a grid with tile costs is taken once it costs at most this factor of the
 * open list's least key: a bound on how much cheaper a path the search could still find.
 */
const SHOT_SLACK = 1.05;

/**
 * Units of proof per unit of distance field while the field is built for an undecided query: a
 * quarter, so a found query's field costs a quarter more at most (and the proof's goal side it
 * buys is kept for the search's turns), while a pocket is shown before the field has cost four
 * times its proof.
 */
const FIELD_PROOF_SHARE = 0.25;

/**
 * Field units a query's opening builds before the proof runs beside it: most found queries' fields
 * cost less (median about 300 units on the shared steering queries, r = 2), and pay nothing more.
 */
const FIELD_ALONE_UNITS = 512;

/** Field units between two turns of the proof while both run (see {@link FIELD_PROOF_SHARE}). */
const FIELD_SLICE_UNITS = 128;

/**
 * Moves of an expansion per work unit: an expansion walks every move of its state's heading (about
 * 68 on Directional-24 for a unit that only drives forward, 367 for one that reverses), measured
 * 17.6 ns a move warm, its relaxations and open-list pushes included (r = 2, den520d, hybrid: 6.4
 * µs an expansion, which was counted one unit), rounded down so an expansion is never
 * under-counted. The expansion count (and its cap) stays one an expansion; the rest is side work.
 */
const MOVES_PER_UNIT = 50;

/** Units of a Dubins curve: a solve takes about 1.1 µs (bench:frames' profile, warm). */
const DUBINS_UNITS = 1;

/** Units of a Reeds-Shepp curve (units that reverse): a solve takes about 6 µs warm (11 µs before 2c659cb). */
const REEDS_SHEPP_UNITS = 6;

/** Units of a short curve's sweep against the walls (a first leg or a shot): a few cells' distance tests. */
const SWEEP_UNITS = 1;

/** A found path must end this close (tiles) to the goal: farther means a curve lost its precision. */
const GOAL_REACH_TOLERANCE = 1e-6;

/**
 * Work units the shortcut pass may spend on any path (about 3 ms; a unit measured 0.7 to 1 µs
 * there): a short search's path of 80 poses needs about that for its rounds. On the shared
 * steering queries (r = 2, hybrid) the pass spent 821 units on average and 2 of 72 paths reached
 * the cap (9 at 2,000, which left mean turning 1.215 times the reference's, above issue 17's 1.2),
 * with a try's curve priced 6 units (Dubins); priced as measured since (3), the cap allows more
 * tries: mean turning 1.149 -> 1.133 times the reference's (60 queries a map).
 */
const SHORTCUT_BASE_WORK = 3000;

/**
 * ... plus this many per expansion, so a long path (whose search expanded at least one state per
 * pose) costs at most a small multiple of its search. Expansions only: the proof's work when the
 * goal is found depends on how the session was sliced, and the path must not.
 */
const SHORTCUT_WORK_RATIO = 4;

/**
 * Options of one directional query. The `weight` defaults to 1 in `full` mode and to
 * {@link HYBRID_WEIGHT} in `hybrid` mode.
 */
export interface DirectionalQueryOptions extends CurveQueryOptions {
  /**
   * `full` (default): the whole lattice. `hybrid`: Pinter's fast path, the search restricted to a
   * corridor around an any-angle path on the eroded grid, and the full search when the
   * corridor holds no path. Both give legal paths only.
   */
  mode?: 'full' | 'hybrid';
  /** Try analytic shots to the goal (default true). */
  analyticShots?: boolean;
  /** Far from the goal, try a shot every this many expansions (default {@link SHOT_INTERVAL}). */
  shotInterval?: number;
  /**
   * Shorten the found path by exact shortcuts (default true): stretches between its poses are
   * replaced by the analytic curve between them where that is legal and cheaper (docs/directional.md).
   */
  shortcut?: boolean;
  /**
   * Keep the heuristic a lower bound (default false). The obstacle-aware part of the estimate is
   * an octile distance on the grid eroded by the footprint, which can exceed the true distance by
   * up to `OCTILE_STRETCH` (8.2%, on a line 22.5° off the axes; src/search/lattice.ts) and matches it along the
   * axes and diagonals. By default it is taken as it is: a path then costs at most that factor
   * (times the weight) above the lattice's optimum, and long queries expand several times fewer
   * states (on the shared steering queries, r = 2, full mode: 8.9x fewer, p95 332 -> 46 ms, mean
   * cost 0.998x). `true` divides it by the factor: at weight 1, without analytic shots, the search
   * then finds the lattice's optimum.
   */
  admissible?: boolean;
}

/** Far from the goal, an analytic shot is tried every this many expansions (Hybrid A* does the same). */
export const SHOT_INTERVAL = 8;

/**
 * How far (rings of cells around the goal's) the centres' field looks for a centre the disc can
 * take when the goal's own cannot: the demo's two-cell streets have none within 2 of their
 * goals, and at 3 its slowest tank orders closed 929 states at most, not 9,376.
 */
const APPROACH_RING = 3;

/**
 * The default heuristic weight of hybrid mode: Pinter's fast path trades a few percent of length
 * (the cost is at most this factor, times the field's stretch, above the corridor's optimum) for
 * several times fewer expansions. On the shared steering queries (r = 2), with the tight field
 * (see {@link DirectionalQueryOptions.admissible}), 1.2 expanded 0.65x the states of 1.5 with the
 * loose one, at 1.000x its cost on average and 1.10x at most, where 1.5 with the tight field made
 * a path 1.49x as costly (a loop) and 1 expanded 15x more.
 */
export const HYBRID_WEIGHT = 1.2;

/**
 * Turning radii above this many tiles get Directional-48 by default: Directional-24 has no
 * loop-free move that changes heading for them (see docs/directional.md).
 */
const WIDE_TURN_RADIUS = 2;

/** What a destroyed planner answers (see {@link DirectionalPlanner.destroy}). */
const DESTROYED = 'this directional planner was destroyed (its owner let go of the grid): make a new one';

/**
 * Work units owed below this are the rounding of sums of fractional units: a payment left with
 * them is complete, as the proof's own budget (which it runs out the same way) would say.
 */
const WORK_RESIDUE = 1e-9;

/** A g this much lower (cost units) than the stored one counts as better; below is rounding. */
const IMPROVEMENT_EPSILON = 1e-9;

/**
 * A directional planner for one grid and one unit profile. Like the other planners it runs one
 * search at a time: starting another cancels the previous one. Its state memory (typed arrays
 * with generation stamps) is reused across queries.
 *
 * Its tables (move sets, padded bitmaps, the eroded grid and its regions; tenths of a
 * second to seconds of work for a new profile, and again after grid changes) are built as
 * resumable work: `findPath` builds them at once, a search's `step(n)` builds within its
 * allowance of `n` units, and {@link buildTables} builds ahead. A map the profile cannot fit, or
 * one above the memory cap, is refused before anything is built (see {@link refusal}).
 *
 * @example
 * ```ts
 * const planner = new DirectionalPlanner(grid, { turningRadius: 2, width: 0.8 });
 * const r = planner.findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 20.5, y: 9.5 });
 * if (r.status === 'found') follow(r.segments);
 * ```
 */
export class DirectionalPlanner implements CurvePlanner<DirectionalQueryOptions> {
  readonly name = 'directional';
  readonly profile: ResolvedProfile;
  readonly headings: HeadingCount;
  readonly neighborhood: Neighborhood;
  /**
   * Why this planner refuses every query on its map, or undefined: an empty map, a footprint
   * wider than the map, a turning radius larger than the map (`invalid`), or a map whose tables
   * would exceed `maxMemory` (`budget`). Decided in the constructor, before anything is built.
   */
  readonly refusal: Refusal | undefined;
  /** The moves of the full search, once built (by the first query or {@link buildTables}). */
  private movesSet: MoveSet | null = null;
  /** Per move of {@link movesSet}, one past the last move of its run to the same target cell ({@link moveRunEnds}). */
  private runEnds: Int32Array | null = null;
  /** The hit checks of {@link movesSet} as bit sets, when its extent allows (see {@link MoveBits}). */
  private movesBits: MoveBits | null = null;
  /** The moves of the expanding state that touch a blocked cell, one bit each. */
  private blockedMoves = new Int32Array(0);
  /** The hit checks' window is narrow enough to read its walls' coast cells alone ({@link edgeRowsFit}). */
  private edgeWindow = false;
  private kinematic!: KinematicTable;
  private memory!: SearchMemory;
  private readonly stateCount: number;
  private readonly virtualStart: number;
  private walls!: WallDistanceMap;
  /** The grid padded by blocked cells, as bytes and bits, for the hit checks of the inner loop. */
  private readonly padded = new PaddedGrid();
  /** The moves into each heading as bit sets, like {@link movesBits} (undefined until built, null when too wide). */
  private intoBits: MoveBits | null | undefined = undefined;
  /** Whole expansions' hit checks for the proof, on {@link padded} while it describes the grid's blocking. */
  private readonly hits = new WindowHits(this.padded, () => this.builtLayout === this.grid.layoutVersion);
  /** The grid's `version` the tables describe: its blocking and, copied onto {@link shrunk}, its costs. */
  private builtVersion = -1;
  /**
   * The grid's `layoutVersion` the tables that read blocking alone describe (wall distances,
   * padded bitmaps, the shrunk grid's cells, regions): a cost edit alone rebuilds none of them.
   */
  private builtLayout = -1;
  /** The grid eroded by the sweep radius, refilled in place when the grid changes. */
  private shrunk!: Grid;
  private field!: GoalDistanceField;
  /** Regions of the shrunk grid. */
  private readonly regions = new RegionLabels();
  /** Per-cell part of the heuristic (straight-line and field bounds), stamped per query. */
  private cellH!: Float64Array;
  private cellStamp!: Uint32Array;
  /** Per cell, the generation whose field values around it (a move's reach) are settled. */
  private boxStamp!: Uint32Array;
  private hGeneration = 0;
  /** The hybrid corridor; the search is restricted to it while `corridorOn`. */
  private readonly corridor = new Corridor();
  private corridorOn = false;
  private readonly slot = new SearchSlot();
  /** {@link destroy} was called: the planner watches nothing and answers every query `invalid`. */
  private destroyed = false;
  /** The per-map arrays exist (allocated by the first build, not by the constructor). */
  private allocated = false;
  /** The table building in progress, if any. */
  private build: SteppedBuild<void> | null = null;
  private rebuildRestarts = 0;
  private readonly proofAfter: number;
  /** The proof that no path exists, beside the full search (goal side only), allocated with the tables. */
  private proof: ReachabilityProof | null = null;

  // The query being searched.
  private start: Pose = { x: 0, y: 0, heading: 0 };
  private goal: Pose = { x: 0, y: 0, heading: 0 };
  private goalHeading: number | null = null;
  private startId = -1;
  /** The query's stage: its opening ({@link runOpening}: the proof's early turn, then the field), then the search. */
  private stage: 'proof' | 'field' | 'corridor' | 'search' = 'search';
  /** The hybrid corridor's marking, in slices in the query's opening. */
  private corridorBuild: SteppedBuild<boolean> | null = null;
  /** The current query is in hybrid mode. */
  private hybrid = false;
  /** Units of the proof's early turn in this query. */
  private earlyProof = 0;
  /** Units of opening work besides the field and the proof (the corridor's marking), over the planner's life. */
  private openingWork = 0;
  /** The start's cell (y · width + x): the field's estimates are for its region. */
  private startCell = 0;
  /** Work units the expansion being prepared may still use in this step ({@link prepareExpansion}). */
  private prepUnits = 0;
  /** Units spent on analytic shots, over the planner's life: each is a curve and its sweep. */
  private shotWork = 0;
  /** Units of one closed-form curve for this profile ({@link DUBINS_UNITS} or {@link REEDS_SHEPP_UNITS}). */
  private readonly curveUnits: number;
  /** The exact start's joins of the current query. */
  private readonly joins: StartJoins;
  /** Cell of a lattice goal (its centre is the goal point), else -1. */
  private goalCell = -1;
  /** Lattice heading the goal requires, or -1 for any. */
  private goalK = -1;
  private goalCx = 0;
  private goalCy = 0;
  /** The kinematic table bounds this query's estimates (a lattice goal, and not a reversing unit's free heading). */
  private kinematicOn = false;
  private weight = 1;
  /** The current query's {@link DirectionalQueryOptions.admissible}. */
  private admissible = false;
  private shots = true;
  private shotInterval = SHOT_INTERVAL;
  private shotNear = 0;
  private expanded = 0;
  /** The phase of the current query: the hybrid corridor, or the whole lattice. */
  private corridorPhase = false;
  /**
   * The closed states whose moves the corridor cut (ids; those from {@link cutFrom} to {@link cutCount}
   * are still cut), re-expanded when it is widened.
   */
  private cut = new Int32Array(0);
  private cutCount = 0;
  private cutFrom = 0;
  /** How many of them the widening has re-expanded, of the first {@link widenEnd}. */
  private widened = 0;
  private widenEnd = 0;
  /** The corridor's widenings around the states it cut in this query ({@link MAX_LOCAL_WIDENINGS} at most). */
  private localWidenings = 0;
  /** The marking of the current local widening, in slices. */
  private widenBuild: SteppedBuild<unknown> | null = null;
  /** The corridor has taken in the centres' way in a widening ({@link widen}). */
  private centresWidened = false;
  /** The cells of the cut states, the local widening's seeds. */
  private widenSeeds = new Int32Array(0);
  /** The corridor is being widened ({@link runWidened}). */
  private widening = false;
  /** Units of the widenings' re-expansions, over the planner's life. */
  private widenWork = 0;
  /** Units of the moves' costs summed over their cells on weighted grids, over the planner's life. */
  private weightWork = 0;
  /** Units of the expansions beyond the one each counts ({@link expansionExtra}), over the planner's life. */
  private expansionWork = 0;
  /** Units an expansion costs beyond the one the expansion count gives it (see {@link MOVES_PER_UNIT}). */
  private expansionExtra = 0;
  /** The current query runs the proof beside its full search. */
  private proving = false;
  /** The proof's verdict for the current query; `pending` also before it has begun. */
  private proofVerdict: ReachVerdict = 'pending';
  private proofBegun = false;
  /** Work units the proof has done for the current query (the session's side work). */
  private proofWork = 0;
  /** The moves' pieces in cells, for grids with tile costs ({@link moveCostsWork}); null until one is met. */
  private moveCosts: MoveCosts | null = null;
  /** The grid had tile costs when the current query began: moves cost their cell integrals. */
  private weighted = false;
  /** The distance field of the lattice's centres (centre-field.ts), made by the first query on tile costs that estimates (not `admissible`). */
  private centre: CentreField | null = null;
  /** Its refresh in progress, in slices in the query's opening. */
  private centreBuild: SteppedBuild<void> | null = null;
  /** The current query's estimates read {@link centre} too (its goal's cell is free there). */
  private centreOn = false;
  /** The goal's cell, whose region of the centres' grid the centres' field reaches. */
  private centreGoal = 0;
  /**
   * The cell where the centres' way from the start begins ({@link centresGuide}), -1 for none, or
   * {@link CENTRES_UNDECIDED} before the query's opening has aimed the centres' field.
   */
  private centreGuide = CENTRES_UNDECIDED;
  /** The least tile cost around each cell, for the moves' lower bounds on weighted grids (see min-costs.ts). */
  private readonly minCosts = new MinCosts();
  /** Its computation in progress, in slices in the query's opening. */
  private minCostsBuild: SteppedBuild<void> | null = null;
  /** Proof units the field's building has earned and the proof has not run yet ({@link FIELD_PROOF_SHARE}). */
  private fieldProofOwed = 0;
  /** The proof is being paid what {@link fieldProofOwed} held when the field's last chunk ended. */
  private fieldProofPaying = false;
  /** Corners left in the field's chunk in progress (Infinity: the rest of the field), 0 between chunks. */
  private fieldChunk = 0;
  /** The chunk in progress earns the proof its share. */
  private fieldChunkShared = false;
  /** Field units of the chunk in progress so far. */
  private fieldChunkWork = 0;
  /** The field's lifetime work when the current query began. */
  private fieldAtBegin = 0;
  /** Work units the proof is due before the search's next turn: {@link PROOF_BURST} once, then {@link PROOF_CHUNK} a turn. */
  private proofOwed = 0;
  /** Units left of the proof's piece in progress ({@link PROOF_CHUNK} at most), 0 between pieces. */
  private proofPiece = 0;
  /** The proof has had its {@link PROOF_BURST} in this query. */
  private burstGiven = false;
  /** Expansions left in the search's turn before the proof's next one. */
  private searchTurn = SEARCH_CHUNK;
  /** The proof's turn in progress is its burst. */
  private inBurst = false;
  private found = -1;
  private shot: SegmentPath | null = null;
  /**
   * The open list's id of the goal reached by a deferred shot ({@link deferShot}): popped, it ends
   * the search with the cheapest such shot found so far.
   */
  private goalToken = -1;
  /** The cheapest deferred shot of the current seeding ({@link deferShot}): from state {@link deferredFrom}, at total cost {@link deferredCost}. */
  private deferredShot: SegmentPath | null = null;
  private deferredFrom = -1;
  private deferredCost = Infinity;
  /** The expansion count at which the search takes its cheapest deferred shot, found or not ({@link LOOP_GRACE}). */
  private deferredDeadline = 0;
  /** The shortcut pass over the found path, made by the first query that finds one. */
  private shortcut: PathShortcut | null = null;
  /** Work units of every shortcut pass so far (only grows: the session counts the differences). */
  private shortcutWork = 0;
  /** The current query's `shortcut` option, and its expansion cap (a pass never delays a result past it). */
  private shortcutOn = true;
  private expansionCap = Infinity;
  private readonly firstLegs = new Map<number, Curve>();
  /** The most recent query reached the search (its memory holds what it closed). */
  private searched = false;

  /**
   * Checks the profile and options; builds nothing (the first query, or {@link buildTables},
   * builds the tables in slices).
   * @throws RangeError or TypeError naming a bad profile field or option.
   */
  constructor(
    readonly grid: Grid,
    profile: UnitProfile | ResolvedProfile,
    options: DirectionalOptions = {},
  ) {
    this.profile = directionalProfile(profile);
    const headings = options.headings ?? 16;
    if (headings !== 8 && headings !== 16) throw new RangeError(`headings must be 8 or 16, got ${String(headings)}`);
    const neighborhood = options.neighborhood ?? (this.profile.turningRadius > WIDE_TURN_RADIUS ? 48 : 24);
    if (neighborhood !== 8 && neighborhood !== 24 && neighborhood !== 48) {
      throw new RangeError(`neighborhood must be 8, 24 or 48, got ${String(neighborhood)}`);
    }
    const maxMemory = options.maxMemory ?? DEFAULT_MAX_MEMORY;
    if (typeof maxMemory !== 'number' || !(maxMemory > 0)) throw new RangeError(`maxMemory must be a number of bytes > 0, got ${String(maxMemory)}`);
    const proofAfter = options.proofAfter ?? DEFAULT_PROOF_AFTER;
    if (typeof proofAfter !== 'number' || !(proofAfter >= 0)) throw new RangeError(`proofAfter must be a number of expansions >= 0 (or Infinity), got ${String(proofAfter)}`);
    this.proofAfter = proofAfter;
    this.curveUnits = this.profile.reverse ? REEDS_SHEPP_UNITS : DUBINS_UNITS;
    this.joins = new StartJoins(grid, this.profile, headings, this.curveUnits + SWEEP_UNITS);
    this.headings = headings;
    this.neighborhood = neighborhood;
    this.stateCount = grid.width * grid.height * headings;
    this.virtualStart = this.stateCount;
    this.refusal = refusalOf(grid, this.profile, headings, maxMemory);
  }

  /** The moves of the full search (built in one call if no query has built them yet). */
  get moves(): MoveSet {
    return (this.movesSet ??= moveSetFor(this.profile, this.headings, this.neighborhood));
  }

  /**
   * True when nothing is left to build for a query on the grid as it is now (also when the
   * planner refuses every query: then nothing will be built). Both modes need the same tables.
   */
  tablesReady(): boolean {
    if (this.refusal !== undefined || this.destroyed) return true;
    return this.movesSet !== null && this.allocated && this.builtVersion === this.grid.version;
  }

  /**
   * Builds the tables a query needs (move sets, heuristic table, padded bitmaps, the shrunk grid
   * and its regions), refreshed after grid changes, doing at most about `maxUnits` work units of
   * about a microsecond each (at least one piece, of at most {@link MAX_PIECE_UNITS} but for the
   * search memory's allocation on a large map). Returns the
   * units done; call again until {@link tablesReady}. A query's `step` does this itself within
   * its allowance, so calling it is needed only to build ahead of the first order.
   *
   * @example
   * ```ts
   * while (!planner.tablesReady()) planner.buildTables(256); // one call a frame
   * ```
   */
  buildTables(maxUnits = Infinity): number {
    if (this.tablesReady()) return 0;
    this.build ??= new SteppedBuild(this.tablesWork());
    const used = this.build.step(this.rebuildRestarts >= MAX_REBUILD_RESTARTS ? Infinity : maxUnits);
    if (this.build.done) {
      this.build = null;
      // The grid changed while the tables were rebuilt: they are stale, start over.
      this.rebuildRestarts = this.tablesReady() ? 0 : this.rebuildRestarts + 1;
    }
    return used;
  }

  /** Everything {@link buildTables} builds, as resumable work. */
  private *tablesWork(): BuildWork<void> {
    this.movesSet ??= yield* moveSetBuild(this.profile, this.headings, this.neighborhood);
    if (this.movesBits === null) this.movesBits = yield* moveBitsWork(this.movesSet);
    this.edgeWindow = edgeRowsFit(2 * this.movesSet.maxExtent + 1);
    if (this.intoBits === undefined && this.proofAfter !== Infinity) {
      this.intoBits = this.movesBits === null ? null : yield* intoBitsWork(this.movesSet, movesEndingAt(this.movesSet));
      if (this.movesBits !== null && this.intoBits !== null) this.hits.use(this.movesBits, this.intoBits);
    }
    this.runEnds ??= moveRunEnds(this.movesSet);
    this.expansionExtra = Math.max(0, this.movesSet.first[this.headings]! / this.headings / MOVES_PER_UNIT - 1);
    if (!this.allocated) {
      const { width, height } = this.grid;
      const cells = width * height;
      // The lattice, the virtual start, a token per join slot (see expandStart) and the goal's token (see tryShot).
      const states = this.stateCount + 1 + (2 * FIRST_LEG_RINGS + 1) ** 2 * this.headings + 1;
      this.goalToken = states - 1;
      const allocating = (bytes: number): number => unitsFor(bytes, ALLOCATION_BYTES_PER_UNIT);
      // Each array is its own piece (g, parent, stamp and the open list's positions are 20 bytes a state).
      yield allocating(8 * states);
      const g = new Float64Array(states);
      yield allocating(12 * states);
      this.memory = new SearchMemory(states, g);
      yield allocating(cells * 40);
      this.kinematic = kinematicTableFor(this.profile, this.headings);
      this.walls = new WallDistanceMap(this.grid);
      this.shrunk = new Grid(width, height);
      this.field = new GoalDistanceField(this.shrunk);
      yield allocating(cells * 20);
      this.cellH = new Float64Array(cells);
      this.cellStamp = new Uint32Array(cells);
      this.boxStamp = new Uint32Array(cells);
      this.corridor.allocate(cells);
      if (this.proofAfter !== Infinity) {
        yield allocating(4 * this.stateCount);
        const shotNear = shotNearDistance(this.profile.turningRadius, this.movesSet.rings);
        // The search is the start side: what it has opened (in the corridor too, which uses the
        // same moves) is reachable, so the goal side meeting it proves a path.
        const reached = (id: number): boolean => this.memory.stateOf(id) !== UNSEEN;
        this.proof = new ReachabilityProof(this.grid, this.profile, this.movesSet, { shotNear, walls: this.walls, goalSideOnly: true, reached, hits: this.hits });
        this.proof.allocate();
      }
      this.allocated = true;
    }
    const pad = PaddedGrid.padOf(this.movesSet);
    yield unitsFor(2 * (this.grid.width + 2 * pad) * (this.grid.height + 2 * pad), ALLOCATION_BYTES_PER_UNIT);
    if (this.padded.padFor(this.grid, this.movesSet)) this.builtVersion = this.builtLayout = -1;
    yield* this.refreshWork();
  }

  /**
   * Lets go of the grid: removes the planner's grid watchers (the change boxes its tables refresh
   * from, and its wall distances'), so that a dropped planner costs the grid's edits nothing and
   * can be collected. The search in progress ends `cancelled`; every later query ends `invalid`
   * (saying the planner was destroyed) and {@link buildTables} builds nothing. Idempotent.
   *
   * @example
   * ```ts
   * const planner = new DirectionalPlanner(grid, { turningRadius: 2 });
   * planner.findPath({ x: 1.5, y: 1.5, heading: 0 }, { x: 8.5, y: 1.5 });
   * planner.destroy(); // grid.watcherCount is back where it was
   * ```
   */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.slot.supersede();
    this.build = null;
    for (const stop of this.unwatch.splice(0)) stop();
    this.layoutChanges = this.costChanges = null;
    if (this.allocated) this.walls.release();
  }

  /** Plans from the exact pose `start` to `goal` in one call. Never throws for a bad query: see the status. */
  findPath(start: Pose, goal: CurveGoal, options?: DirectionalQueryOptions): CurveResult {
    const search = this.createSearch(start, goal, options);
    // An unbounded step ends the search, but for the rare step the proof's share ends first.
    let result = search.step();
    while (result === undefined) result = search.step();
    return result;
  }

  /**
   * Starts a search that runs in slices: call `step(n)` once a frame until it returns a result.
   * Starting another search cancels this one; if the grid changes while it is paused it starts over.
   */
  createSearch(start: Pose, goal: CurveGoal, options: DirectionalQueryOptions = {}): SearchSession<CurveResult> {
    const cap = options.maxExpansions ?? Infinity;
    const planner = this;
    const startPose = safePose(start);
    return this.slot.open(
      this.grid,
      {
        get expanded() {
          return planner.expanded;
        },
        get sideWork() {
          return planner.sideWork();
        },
        // What needs no tables is answered before any are built.
        check: () => this.check(start, goal, options, cap),
        ready: () => this.tablesReady(),
        prepare: (allowance) => this.buildTables(allowance),
        begin: () => this.begin(start, goal, options),
        run: (budget) => this.runThenShorten(budget),
        finish: () => this.finish(),
        exhausted: () =>
          curveFailure('no-room-to-turn', startPose, this.expanded, 'the footprint fits the way but no drivable path exists with this turning radius'),
        fail: (status, expanded, message) => curveFailure(status, startPose, expanded, this.destroyed && status === 'cancelled' ? DESTROYED : message),
      },
      cap,
    );
  }

  /**
   * The heuristic of lattice state (cell x, y, heading index k) for `goal`, a lower bound with
   * `admissible` (see {@link DirectionalQueryOptions.admissible}): for tests and tools. Prepares
   * the goal as a query would (building the tables first if needed).
   * @throws RangeError when the planner refuses its map (see {@link refusal}), or was destroyed.
   */
  heuristicAt(goal: CurveGoal, x: number, y: number, k: number, admissible = false): number {
    if (this.refusal) throw new RangeError(this.refusal.message);
    if (this.destroyed) throw new RangeError(DESTROYED);
    this.buildTables();
    this.admissible = admissible;
    // The field of the planner's grid alone: the centres' field is aimed by a query's opening.
    this.centreOn = false;
    this.prepareGoal(goal, x, y);
    return this.h((y * this.grid.width + x) * this.headings + k);
  }

  /**
   * The centres (tile units) of the cells whose states the most recent search closed, each cell
   * once, for a debug view. Empty before any search and after a query that ended before searching
   * (bad input, a refusal, another region, a start on the goal). A hybrid query that fell back to
   * the whole lattice shows the full search's cells. Reads while a search is paused show what it
   * has closed so far. O(states of the map): call it when a search ends, not every frame.
   *
   * @example
   * ```ts
   * const r = planner.findPath(start, goal);
   * for (const p of planner.expandedPoints()) graphics.fillRect(p.x * 32 - 2, p.y * 32 - 2, 4, 4);
   * ```
   */
  expandedPoints(): Point[] {
    if (!this.searched) return [];
    const H = this.headings;
    const w = this.grid.width;
    const cells = this.grid.width * this.grid.height;
    const points: Point[] = [];
    for (let cell = 0; cell < cells; cell++) {
      for (let id = cell * H; id < (cell + 1) * H; id++) {
        if (this.memory.stateOf(id) === CLOSED) {
          points.push({ x: (cell % w) + 0.5, y: ((cell / w) | 0) + 0.5 });
          break;
        }
      }
    }
    return points;
  }

  /**
   * The checks that need no tables (see {@link precheck}); a new query forgets the previous
   * search's expansions. A result when the query ends at once.
   */
  private check(start: Pose, goal: CurveGoal, options: DirectionalQueryOptions, cap: number): CurveResult | undefined {
    this.expanded = 0;
    this.searched = false;
    this.shortcutOn = options.shortcut ?? true;
    this.expansionCap = cap;
    if (this.destroyed) return curveFailure('invalid', safePose(start), 0, DESTROYED);
    return precheck(this.grid, this.profile, this.refusal, start, goal, options, cap);
  }

  /**
   * Seeds the open list for a query that passed {@link precheck}, on fresh tables; returns a
   * result when the query ends at once.
   */
  private begin(start: Pose, goal: CurveGoal, options: DirectionalQueryOptions): CurveResult | undefined {
    this.expanded = 0;
    this.proofWork = 0;
    this.centreOn = false;
    this.centreGuide = CENTRES_UNDECIDED;
    this.centresWidened = false;
    this.weighted = this.grid.weighted;
    this.fieldProofOwed = 0;
    this.fieldProofPaying = false;
    this.fieldChunk = 0;
    this.fieldChunkShared = false;
    this.fieldChunkWork = 0;
    this.fieldAtBegin = this.field.work;
    this.proofBegun = false;
    this.proofVerdict = 'pending';
    this.proofOwed = 0;
    this.proofPiece = 0;
    this.burstGiven = false;
    this.inBurst = false;
    this.earlyProof = 0;
    this.found = -1;
    this.shot = null;
    this.deferredShot = null;
    const startPose = safePose(start);
    const { width, height } = this.grid;
    this.start = { x: start.x, y: start.y, heading: normalizeAngle(start.heading) };
    this.weight = options.weight ?? (options.mode === 'hybrid' ? HYBRID_WEIGHT : 1);
    this.admissible = options.admissible ?? false;
    this.shots = options.analyticShots ?? true;
    this.shotInterval = options.shotInterval ?? SHOT_INTERVAL;
    this.shotNear = shotNearDistance(this.profile.turningRadius, this.movesSet!.rings);
    const sx = Math.min(width - 1, Math.floor(start.x));
    const sy = Math.min(height - 1, Math.floor(start.y));
    this.startCell = sy * width + sx;
    this.joins.reset(this.start, sx, sy, joinRings(this.movesSet!.rings));
    this.prepareGoal(goal, sx, sy);
    const gcx = Math.min(width - 1, Math.floor(goal.x));
    const gcy = Math.min(height - 1, Math.floor(goal.y));
    // In one region of the shrunk grid (cells sharing an edge) the field's corner lattice joins
    // the start's corner to the goal, so its value there is finite.
    if (!this.regions.same(sy * width + sx, gcy * width + gcx)) {
      return curveFailure('no-path', startPose, 0, 'the goal is in another region, or no gap on the way is wide enough for the footprint');
    }
    const k = latticeIndex(this.start.heading, this.headings);
    const onCentre = Number.isInteger(start.x - 0.5) && Number.isInteger(start.y - 0.5);
    this.startId = onCentre && k >= 0 ? (sy * width + sx) * this.headings + k : this.virtualStart;
    if (this.isGoalState(this.startId) || (this.startId === this.virtualStart && this.atGoal(this.start))) {
      return { status: 'found', segments: new SegmentPath([], this.start), length: 0, cost: 0, expanded: 0 };
    }
    // The proof answers for the lattice with the shots always on; without shots it would not be exact.
    this.proving = this.proof !== null && this.shots;
    this.hybrid = options.mode === 'hybrid';
    // Nothing searched yet: the proof's early turn must not meet the previous query's states.
    this.corridorOn = false;
    this.memory.reset();
    this.stage = 'proof';
    return undefined;
  }

  /**
   * The query's opening, in slices within `budget` units: first a short turn of the proof (a
   * goal the unit cannot drive into is often proven in a few units, before anything else is paid
   * for), then the distance field back to the start (which a pocket would pay for in vain: up
   * to 20,000 units on the shared steering maps), then the hybrid corridor, then the search's
   * seed. `exhausted` when the proof has shown no path, `found` when the search may run.
   */
  private runOpening(budget: number): RunState {
    const before = this.sideWork();
    const left = (): number => budget - (this.sideWork() - before);
    if (this.stage === 'proof') {
      if (this.proving) {
        if (!this.proofBegun) this.beginProof();
        if (this.disproved()) return 'exhausted';
        if (this.proofVerdict === 'pending' && this.earlyProof < EARLY_PROOF_UNITS) {
          if (!(left() > 0)) return 'pending';
          this.earlyProof += this.stepProof(Math.min(left(), EARLY_PROOF_UNITS - this.earlyProof));
          if (this.disproved()) return 'exhausted';
          if (this.earlyProof < EARLY_PROOF_UNITS && this.proofVerdict === 'pending') return 'pending';
        }
      }
      this.stage = 'field';
    }
    if (this.stage === 'field') {
      const { width } = this.grid;
      const sx = this.startCell % width;
      const sy = (this.startCell / width) | 0;
      // The field is built in chunks and the proof paid its share after each, both fixed by the
      // query alone: a step's budget may cut a chunk or a payment, and the next step goes on with
      // it, so a sliced search does what a one-shot one does (issue 30: a pocket the one-shot
      // query proved in the field's opening, with 0 expansions, took steps of 10 units 512).
      for (;;) {
        while (this.fieldProofPaying) {
          if (!(left() > 0)) return 'pending';
          this.fieldProofOwed -= this.stepProof(Math.min(left(), this.fieldProofOwed));
          if (this.disproved()) return 'exhausted';
          // A proof that found the goal reachable takes no more work (its step does nothing).
          if (!(this.fieldProofOwed > WORK_RESIDUE) || this.proofVerdict !== 'pending') this.fieldProofPaying = false;
        }
        if (this.field.settled(sx, sy)) break;
        if (!(left() > 0)) return 'pending';
        if (this.fieldChunk === 0) {
          // While the proof is undecided it runs beside the field, a share of the field's work: a
          // pocket the early turn did not finish is shown at a few times its own cost, not after a
          // field across the map (14,000 units for a pocket proven in 150).
          // Only while one side is still small enough to be a pocket: a start side past its probe
          // and a goal side grown large are open ground, where the search finds the path.
          const pending =
            this.proving && this.proofVerdict === 'pending' && (this.proof!.startSideGrowing || this.proof!.backwardVisited <= BURST_GOAL_SIDE);
          const alone = FIELD_ALONE_UNITS - (this.field.work - this.fieldAtBegin);
          this.fieldChunk = !pending ? Infinity : Math.max(1, Math.floor((alone > 0 ? alone : FIELD_SLICE_UNITS) * FIELD_CORNERS_PER_UNIT));
          this.fieldChunkShared = pending && !(alone > 0);
          this.fieldChunkWork = 0;
        }
        const work = this.field.work;
        this.fieldChunk -= this.field.settle(sx, sy, Math.min(this.fieldChunk, Math.max(1, Math.floor(left() * FIELD_CORNERS_PER_UNIT))));
        this.fieldChunkWork += this.field.work - work;
        if (this.fieldChunk > 0 && !this.field.settled(sx, sy)) continue;
        this.fieldChunk = 0;
        if (!this.fieldChunkShared) continue;
        this.fieldProofOwed += this.fieldChunkWork * FIELD_PROOF_SHARE;
        this.fieldProofPaying = this.fieldProofOwed >= 1;
      }
      // Marked below, once the centres' field (which it may follow) is aimed.
      this.corridorBuild = null;
      this.stage = 'corridor';
    }
    if (this.stage === 'corridor') {
      if (!this.admissible && this.centreGuide === CENTRES_UNDECIDED && CentreField.mayDiffer(this.profile.sweepRadius)) {
        // The centres' field (centre-field.ts): where the eroded grid has ways the lattice's
        // centres cannot take (a street two cells wide for a disc wider than a cell, or, with tile
        // costs, a road's edge at the road's cost) the other field misleads the search most.
        // Refreshed after grid changes, aimed at this goal.
        if (this.centre === null) {
          this.openingWork += CentreField.allocationUnits(this.grid);
          this.centre = new CentreField(this.grid, this.profile.sweepRadius);
        }
        if (!this.centre.fresh()) {
          this.centreBuild ??= new SteppedBuild(this.centre.refreshWork(this.walls, this.shrunk));
          if (!(left() >= 1)) return 'pending';
          this.openingWork += this.centreBuild.step(left());
          if (!this.centreBuild.done) return 'pending';
          this.centreBuild = null;
        }
        const { width } = this.grid;
        const goalCell = this.goalCy * width + this.goalCx;
        // Where the disc cannot take the goal cell's centre (a narrow street: the field would be
        // empty there), the field is aimed at the nearest centre it can take on the goal's side of
        // the walls: the lattice reaches such a goal by a last curve from a state near it.
        const free = this.centre.centres.cells[goalCell] === 0;
        this.centreGoal = free ? goalCell : this.centre.approachCell(this.goal.x, this.goal.y, APPROACH_RING, this.shrunk);
        // Not used when it would say what the planner's field says, or when no such centre is near.
        this.centreOn = this.centre.differs && this.centreGoal >= 0;
        if (this.centreOn) {
          const ax = free ? this.goal.x : (this.centreGoal % width) + 0.5;
          const ay = free ? this.goal.y : ((this.centreGoal / width) | 0) + 0.5;
          this.centre.field.aim(ax, ay, this.startCell % width, (this.startCell / width) | 0);
        }
        this.centreGuide = this.centresGuide();
      }
      if (this.centreOn && !this.weighted) {
        // Without tile costs, the estimates read it only where the centres' way to the goal is
        // longer than the eroded grid's by more than the corridor's half-width: then the eroded
        // way runs where no lattice state fits (the demo's two-cell streets), and misleads the
        // search. Elsewhere the two differ by the walls' thickening alone (within 4 tiles on the
        // crowd tests' maps, 12.6 and 18.5 on the demo's slowest pairs) and the eroded field
        // guides as well (the hybrid corridor takes in the centres' way only if it runs dry).
        const { width } = this.grid;
        const guide = this.centreGuide;
        const centres = this.centre!.field;
        const gx = guide % width;
        const gy = (guide / width) | 0;
        while (guide >= 0 && !centres.settled(gx, gy)) {
          if (!(left() > 0)) return 'pending';
          centres.settle(gx, gy, Math.max(1, Math.floor(left() * FIELD_CORNERS_PER_UNIT)));
        }
        const eroded = this.field.cellEstimate(this.startCell % width, (this.startCell / width) | 0);
        const detour = this.profile.turningRadius + CORRIDOR_TILES;
        if (guide < 0 || !(centres.cellEstimate(gx, gy) > eroded + detour)) this.centreOn = false;
      }
      const costs = this.moveCosts;
      if (this.weighted && costs !== null && !this.minCosts.fresh(this.grid, costs.span)) {
        // The least cost around each cell (the moves' lower bounds), once per cost version.
        this.minCostsBuild ??= new SteppedBuild(this.minCosts.refreshWork(this.grid, costs.span));
        if (!(left() >= 1)) return 'pending';
        this.openingWork += this.minCostsBuild.step(left());
        if (!this.minCostsBuild.done) return 'pending';
        this.minCostsBuild = null;
      }
      // On a grid with tile costs the corridor is not built: it follows the shortest way, and the
      // cheap one (a road) may run outside it. The hybrid search then searches the whole lattice.
      if (this.hybrid && !this.weighted && this.corridorBuild === null) {
        const { width } = this.grid;
        const sx = this.startCell % width;
        const sy = (this.startCell / width) | 0;
        // Around the eroded grid's way to the goal and, where it reaches the start, the centres'
        // way too (see corridorWork): the first may run through a street no lattice state fits in
        // (a corridor the search would comb in vain), the second round a gap in a thin wall that
        // moves cross but no centre can stand in (a way several tiles longer). Both fields are
        // settled at the start (the centres' above).
        this.corridorBuild = new SteppedBuild(this.corridorWork(sx, sy, this.centreGuide));
      }
      const build = this.corridorBuild;
      if (build !== null) {
        if (!(left() >= 1)) return 'pending';
        this.openingWork += build.step(left());
        if (!build.done) return 'pending';
      }
      this.corridorOn = build?.result ?? false;
      this.corridorBuild = null;
      this.corridorPhase = this.corridorOn;
      this.seed(this.corridorOn);
      this.stage = 'search';
    }
    return 'found';
  }

  /**
   * Marks the hybrid corridor around the eroded field's way from corner (sx, sy) and, when `guide`
   * is a cell ({@link centresGuide}), the centres' way from its top-left corner if the estimates
   * follow the centres' field or that way leaves the first band (where it stays inside, the band
   * would only grow by a sliver at its edges); both fields are settled there. True when either
   * holds a way.
   */
  private *corridorWork(sx: number, sy: number, guide: number): BuildWork<boolean> {
    const r = this.profile.turningRadius;
    const eroded = yield* this.corridor.markWork(this.field, this.shrunk, this.start, sx, sy, r);
    if (guide < 0) return eroded;
    const w = this.grid.width;
    const field = this.centre!.field;
    const gx = guide % w;
    const gy = (guide / w) | 0;
    if (eroded && !this.centreOn && !(yield* this.corridor.leavesWork(field, gx, gy))) return true;
    this.centresWidened = true;
    const centres = yield* this.corridor.markWork(field, this.centre!.centres, this.start, gx, gy, r, eroded);
    return eroded || centres;
  }

  /**
   * The cell whose top-left corner the centres' way ({@link centre}'s field) starts from, or -1
   * when there is none (the estimates and the corridor then keep to the eroded grid): the free centre
   * nearest the start point that the unit's centre reaches from the start's cell within
   * {@link APPROACH_RING} cells ({@link CentreField.approachCell}; the start's joins reach that
   * far), if it is in the goal's region of the centres' grid (so its way to the goal is finite).
   */
  private centresGuide(): number {
    if (!this.centreOn) return -1;
    const centre = this.centre!;
    const cell = centre.approachCell(this.start.x, this.start.y, APPROACH_RING, this.shrunk);
    return cell >= 0 && centre.reaches(this.centreGoal, cell) ? cell : -1;
  }

  /**
   * Runs the current phase within `budget` work units (expansions, and the proof's work). The
   * proof answers for the whole lattice, and runs beside the hybrid corridor too: when it proves
   * no path, the query ends, even where the corridor's wider moves might still have found one
   * (docs/directional.md). When the corridor runs dry it is widened ({@link widen}) until the
   * search runs on the whole lattice.
   */
  private runPhases(budget: number): RunState {
    if (this.stage !== 'search') {
      const side = this.sideWork();
      const opened = this.runOpening(budget);
      if (opened !== 'found') return opened;
      budget -= this.sideWork() - side;
    }
    for (;;) {
      const work = this.expanded + this.sideWork();
      const state = this.widening ? this.runWidened(budget) : this.runBeside(budget);
      if (state !== 'exhausted' || !this.corridorPhase || this.disproved()) return state;
      // The corridor holds no path (and the proof, begun in the opening, has not shown there is none).
      budget -= this.expanded + this.sideWork() - work;
      this.widen();
    }
  }

  /**
   * Widens the corridor that ran dry: around the states whose moves it cut (issue 17: "where the
   * corridor has no path, widen it locally before falling back to a full search"), up to
   * {@link MAX_LOCAL_WIDENINGS} times, then to the whole lattice. What the corridor closed stands
   * (its moves are the full search's); only the moves it cut are missing, and the states that cut
   * them are expanded again ({@link runWidened}).
   */
  private widen(): void {
    // The states still cut, to the front of the list; those a re-expansion cuts again go after them.
    this.cut.copyWithin(0, this.cutFrom, this.cutCount);
    this.cutCount -= this.cutFrom;
    this.cutFrom = 0;
    this.widened = 0;
    this.widenEnd = this.cutCount;
    this.widening = true;
    if (!this.centreOn && this.centreGuide >= 0 && !this.centresWidened && this.cutCount > 0) {
      // First the centres' way, if the corridor did not follow it already: the eroded way may run
      // where no lattice state fits, and the centres' way around it is often the one to take.
      this.localWidenings++;
      const w = this.grid.width;
      const guide = this.centreGuide;
      this.centresWidened = true;
      // Every cut state is expanded again: the way may pass anywhere.
      this.widenBuild = new SteppedBuild(this.corridor.markWork(this.centre!.field, this.centre!.centres, this.start, guide % w, (guide / w) | 0, this.profile.turningRadius, true));
      return;
    }
    if (this.localWidenings < MAX_LOCAL_WIDENINGS + (this.centresWidened ? 1 : 0) && this.cutCount > 0) {
      this.localWidenings++;
      if (this.widenSeeds.length < this.cutCount) this.widenSeeds = new Int32Array(this.cut.length);
      // Seeded where the search came nearest the goal (by the estimate): the cut states within the
      // corridor's half-width of the least estimate among them.
      let least = Infinity;
      for (let i = 0; i < this.cutCount; i++) least = Math.min(least, this.h(this.cutCellState(i)));
      const near = least + this.profile.turningRadius + CORRIDOR_TILES;
      let seeds = 0;
      for (let i = 0; i < this.cutCount; i++) {
        const id = this.cutCellState(i);
        if (this.h(id) <= near) this.widenSeeds[seeds++] = (id / this.headings) | 0;
      }
      this.widenWork += (2 * this.cutCount) / CUT_STATES_PER_UNIT;
      this.widenBuild = new SteppedBuild(this.corridor.widenWork(this.widenSeeds, seeds, this.shrunk, this.profile.turningRadius));
      this.widenEnd = -1;
      return;
    }
    this.corridorPhase = false;
    this.corridorOn = false;
  }

  /** A lattice state of the cell of cut state `i` (the start's cell for the virtual start): its cell's estimate is the state's. */
  private cutCellState(i: number): number {
    const id = this.cut[i]!;
    return id === this.virtualStart ? this.startCell * this.headings : id;
  }

  /**
   * A widening in progress within `budget` units: its marking (a local one), then the cut states
   * expanded again (a unit of work each, and their moves), then the search goes on from the open
   * list the corridor left.
   */
  private runWidened(budget: number): RunState {
    const build = this.widenBuild;
    if (build !== null) {
      if (!(budget > 0)) return 'pending';
      const used = build.step(budget);
      this.widenWork += used;
      budget -= used;
      if (!build.done) return 'pending';
      this.widenBuild = null;
    }
    if (this.widenEnd < 0) {
      // A widening around cut states: those its flood reached go first (expanded again), the others stay cut.
      let reached = 0;
      for (let i = 0; i < this.cutCount; i++) {
        const id = this.cut[i]!;
        if (!this.corridor.reached(id === this.virtualStart ? this.startCell : (id / this.headings) | 0)) continue;
        this.cut[i] = this.cut[reached]!;
        this.cut[reached++] = id;
      }
      this.widenEnd = reached;
      this.widenWork += this.cutCount / CUT_STATES_PER_UNIT;
    }
    while (this.widened < this.widenEnd) {
      if (!(budget > 0)) return 'pending';
      const id = this.cut[this.widened++]!;
      if (id === this.virtualStart) this.expandStart();
      else this.expand(id);
      this.widenWork += 1 + this.expansionExtra;
      budget -= 1 + this.expansionExtra;
    }
    this.cutFrom = this.widenEnd;
    this.widening = false;
    return this.runBeside(budget);
  }

  /**
   * The search of the current phase, alternating chunks of {@link SEARCH_CHUNK} expansions with
   * {@link PROOF_CHUNK} units of the proof once it has expanded `proofAfter` states, until the
   * search ends, the proof proves no path (`exhausted`), or the budget is spent. Once the proof
   * says `reachable` (it met the search, or found the start's joins) the search runs alone.
   */
  private runBeside(budget: number): RunState {
    for (;;) {
      if (!this.proving || this.proofVerdict === 'reachable') return this.run(budget);
      // The proof began in the query's opening, but its burst waits for proofAfter expansions: a
      // start pocket, whose search runs dry in a few expansions, never pays it.
      if (!this.burstGiven && this.expanded >= this.proofAfter) {
        this.burstGiven = true;
        this.inBurst = true;
        this.proofOwed = PROOF_BURST;
        this.searchTurn = SEARCH_CHUNK;
      }
      if (this.proofOwed > 0) {
        // The proof's turn (its first burst, or a chunk), in pieces of a chunk; a step's budget may
        // cut a piece, the next step goes on with it.
        if (!(this.proofPiece > WORK_RESIDUE)) this.proofPiece = Math.min(this.proofOwed, PROOF_CHUNK);
        const work = this.stepProof(Math.min(budget, this.proofPiece));
        this.proofOwed -= work;
        this.proofPiece -= work;
        // A large goal side is no pocket: the rest of the burst would be spent on a query the search
        // solves. Asked when a piece ends, not when a step does, so that the burst is the same
        // however the search is sliced. (Only the burst: cutting a regular turn short made the
        // proof's share depend on the step size, and steps of 100 units gave it a fifteenth of
        // the search's work.)
        if (!(this.proofPiece > WORK_RESIDUE)) {
          this.proofPiece = 0;
          if (this.inBurst && this.proof!.backwardVisited > BURST_GOAL_SIDE) this.proofOwed = 0;
        }
        if (this.proofOwed <= 0) this.inBurst = false;
        budget -= work;
        if (this.disproved()) return 'exhausted';
        if (!(budget > 0)) return 'pending';
        continue;
      }
      // The search's turn is counted in expansions, across steps: the work it prepares beside them
      // (fields, shots, joins) is the step's, but does not shrink the turn, or a search whose
      // shots are dear (long loops at r = 4) gives the proof several times its share.
      if (!this.burstGiven) this.searchTurn = this.proofAfter - this.expanded;
      const before = this.expanded;
      const fieldBefore = this.preparedWork();
      const state = this.run(Math.min(budget, this.searchTurn));
      const stalled = this.expanded === before && this.preparedWork() === fieldBefore;
      this.searchTurn -= this.expanded - before;
      budget -= this.expanded - before + this.preparedWork() - fieldBefore;
      if (state !== 'pending') return state;
      if (this.burstGiven && this.searchTurn <= 0) {
        this.proofOwed = PROOF_CHUNK;
        this.searchTurn = SEARCH_CHUNK;
      }
      // A budget left too small for the next expansion's preparation (the rounding residue of
      // fractional work units, 5e-13 once) did nothing: unless the proof's turn is due, the step
      // is over, or this loop would never end.
      if (!(budget > 0) || (stalled && this.proofOwed <= 0)) return state;
    }
  }

  /** Work units besides expansions: the proof's for this query, what expansions needed prepared, the shortcut pass. */
  private sideWork(): number {
    return this.proofWork + this.preparedWork() + this.shortcutWork;
  }

  /**
   * Units of the work done for expansions beside them, over the planner's life (it only grows):
   * the field's corners, the kinematic table's curves (a table shared between planners of one
   * profile: only this planner's searches run while it reads the count), the start's joins, the
   * analytic shots, the moves' sums over their cells on weighted grids, the expansions' cost beyond
   * the unit each counts.
   */
  private preparedWork(): number {
    return (
      this.field.work +
      this.kinematic.computed * this.curveUnits +
      this.joins.work +
      this.shotWork +
      this.openingWork +
      this.widenWork +
      this.weightWork +
      this.expansionWork +
      (this.centre?.field.work ?? 0)
    );
  }

  /**
   * Does, within about `units` work units, what expanding state `id` will need that is not done
   * yet: the field values and the kinematic table entries of its moves' targets (of the start's
   * join cells), and for a join token its join. True when all is done. The values do not depend
   * on when they are computed, so the search is the same however it is sliced; done inside the
   * expansion instead, one expansion cost up to 470 units of field (1,900 corners) on the
   * benchmark maps.
   */
  private prepareExpansion(id: number, units: number): boolean {
    const w = this.grid.width;
    this.prepUnits = units;
    if (id > this.virtualStart) return this.solveJoin(id - this.virtualStart - 1);
    if (id === this.virtualStart) {
      const sx = this.startCell % w;
      const sy = (this.startCell / w) | 0;
      const r = this.joins.rings;
      for (let y = sy - r; y <= sy + r; y++) {
        for (let x = sx - r; x <= sx + r; x++) {
          for (let k = 0; k < this.headings; k++) if (!this.prepareTarget(x, y, k)) return false;
        }
      }
      return true;
    }
    const H = this.headings;
    const cell = (id / H) | 0;
    const k = id - cell * H;
    const cx = cell % w;
    const cy = (cell / w) | 0;
    const mv = this.movesSet!;
    if (this.boxStamp[cell] !== this.hGeneration) {
      // The field values of every cell a move from this cell can reach, once per cell and query
      // (not once per state: the cell's other headings then need one read).
      const r = mv.rings;
      for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) if (!this.settleFieldAt(x, y)) return false;
      this.boxStamp[cell] = this.hGeneration;
    }
    // Far from a lattice goal no table entry is read.
    const reach = this.kinematic.span + mv.rings;
    if (!this.kinematicOn || Math.abs(this.goalCx - cx) > reach || Math.abs(this.goalCy - cy) > reach) return true;
    const last = mv.first[k + 1]!;
    for (let m = mv.first[k]!; m < last; m++) if (!this.prepareTable(cx + mv.dx[m]!, cy + mv.dy[m]!, mv.endHeading[m]!)) return false;
    return true;
  }

  /** {@link settleFieldAt} and {@link prepareTable} of one target. */
  private prepareTarget(cx: number, cy: number, k: number): boolean {
    return this.settleFieldAt(cx, cy) && this.prepareTable(cx, cy, k);
  }

  /**
   * Settles the field value of cell (cx, cy) with the units left in {@link prepUnits} (which it
   * uses up); true when it is settled or needs nothing (off the map, estimated already, another region).
   */
  private settleFieldAt(cx: number, cy: number): boolean {
    const { width, height } = this.grid;
    if (cx < 0 || cy < 0 || cx >= width || cy >= height) return true;
    const cell = cy * width + cx;
    if (this.cellStamp[cell] === this.hGeneration || !this.regions.same(this.startCell, cell)) return true;
    return this.settleIn(this.field, cx, cy) && (!this.centreOn || !this.centre!.reaches(this.centreGoal, cell) || this.settleIn(this.centre!.field, cx, cy));
  }

  /** Settles `field` at cell (cx, cy) with the units left in {@link prepUnits}; true when it is settled. */
  private settleIn(field: GoalDistanceField, cx: number, cy: number): boolean {
    if (field.settled(cx, cy)) return true;
    if (this.prepUnits <= 0) return false;
    const corners = field.settle(cx, cy, Math.max(1, Math.floor(this.prepUnits * FIELD_CORNERS_PER_UNIT)));
    this.prepUnits -= corners / FIELD_CORNERS_PER_UNIT;
    return field.settled(cx, cy);
  }

  /**
   * Computes the kinematic table entry of heading k at cell (cx, cy) toward a lattice goal with the
   * units left in {@link prepUnits}; true when it is known or needs nothing (no lattice goal, far from it).
   */
  private prepareTable(cx: number, cy: number, k: number): boolean {
    const span = this.kinematic.span;
    const dx = this.goalCx - cx;
    const dy = this.goalCy - cy;
    if (!this.kinematicOn || dx > span || dx < -span || dy > span || dy < -span) return true;
    // No state of a cell outside the start's region (or off the map) is ever estimated.
    if (cx < 0 || cy < 0 || cx >= this.grid.width || cy >= this.grid.height || !this.regions.same(this.startCell, cy * this.grid.width + cx)) return true;
    if (this.kinematic.pending(k, dx, dy, this.goalK) === 0) return true;
    if (this.prepUnits <= 0) return false;
    // A curve at a time, so a free-heading entry (16 curves) spreads over steps.
    const solved = this.kinematic.prepare(k, dx, dy, this.goalK, Math.max(1, Math.floor(this.prepUnits / this.curveUnits)));
    this.prepUnits -= solved * this.curveUnits;
    return this.kinematic.pending(k, dx, dy, this.goalK) === 0;
  }

  /** True when the proof has shown that the current query has no path. */
  private disproved(): boolean {
    return this.proofVerdict === 'unreachable';
  }

  /** Begins the proof for the current query (in its opening), given the start's joins; its work goes to proofWork. */
  private beginProof(): void {
    const proof = this.proof!;
    this.proofBegun = true;
    // Given no joins, the proof solves each one its goal side reaches (a pocket far away: none).
    this.proofVerdict = proof.begin(this.start, { x: this.goal.x, y: this.goal.y, heading: this.goalHeading });
    this.proofWork += proof.work;
  }

  /** Steps the begun proof by about `budget` work units; returns the work it did. */
  private stepProof(budget: number): number {
    const proof = this.proof!;
    const before = proof.work;
    this.proofVerdict = proof.step(budget);
    // The session begins the query again after a grid change, so the proof never restarts here.
    const work = proof.work - before;
    this.proofWork += work;
    return work;
  }

  /** Resets the open list to the start, with the corridor on or off. */
  private seed(corridor: boolean): void {
    this.corridorOn = corridor;
    this.cutCount = 0;
    this.cutFrom = 0;
    this.widenEnd = 0;
    this.localWidenings = 0;
    this.widenBuild = null;
    this.widening = false;
    const bits = this.movesBits;
    if (bits !== null && this.blockedMoves.length < bits.words) this.blockedMoves = new Int32Array(bits.words);
    this.memory.reset();
    this.firstLegs.clear();
    this.deferredShot = null;
    this.deferredCost = Infinity;
    this.memory.open(this.startId, 0, 0, -1);
    this.searched = true;
  }

  /** The grid's blocking changes since the tables last caught up, as boxes (watched from the first refresh, which builds whole). */
  private layoutChanges: ChangeBoxes | null = null;
  /** Its changes of costs (and blocking) since the shrunk grid's costs last caught up. */
  private costChanges: ChangeBoxes | null = null;
  /** Remove the watchers of {@link layoutChanges} and {@link costChanges} from the grid ({@link destroy}). */
  private readonly unwatch: (() => void)[] = [];

  /** Boxes collecting the grid's changes of one kind, with a watcher {@link destroy} removes. */
  private watched(kind: ChangeKind): ChangeBoxes {
    const boxes = new ChangeBoxes();
    const collect = (area: GridArea): void => boxes.add(area);
    this.unwatch.push(kind === 'layout' ? this.grid.watchLayout(collect) : this.grid.watch(collect));
    return boxes;
  }

  /**
   * Brings the grid-derived tables up to date, as resumable work. After tile edits only what
   * they can reach is redone: the wall distances in a window around each box of edits, the
   * bitmaps in it, the shrunk grid in it grown by the sweep's reach (`shrinkReach`), the regions
   * and move bits around the shrunk cells that changed. The first build, reallocated bitmaps and
   * edits over {@link WHOLE_REFRESH_SHARE} of the map build whole. Edits made while this runs in
   * slices wait in the change boxes, and the next refresh redoes their area.
   */
  private *refreshWork(): BuildWork<void> {
    const grid = this.grid;
    if (this.builtVersion === grid.version) return;
    const version = grid.version;
    const layout = grid.layoutVersion;
    const layoutChanges = (this.layoutChanges ??= this.watched('layout'));
    const costChanges = (this.costChanges ??= this.watched('any'));
    // Taken before the first slice: later edits stay in the boxes for the next refresh.
    const costsChanged = costChanges.take();
    let settled = true;
    this.builtVersion = -1;
    if (this.builtLayout !== layout) {
      const changed = layoutChanges.take();
      const radius = this.profile.sweepRadius;
      // Boxes of edits lie on the map, so each grown one does too.
      const areas = changed.map((box) => growArea(box, shrinkReach(radius), grid.width, grid.height)!);
      const cells = areas.reduce((n, area) => n + area.width * area.height, 0);
      if (this.builtLayout < 0 || changed.length === 0 || cells > WHOLE_REFRESH_SHARE * grid.cells.length) {
        this.builtLayout = -1;
        yield* this.walls.refreshWork();
        // Shrunk cells anywhere may have read wall distances an edit overtook: build whole again.
        settled = grid.layoutVersion === layout;
        yield* this.padded.fillWork(grid);
        yield* shrinkWork(grid, radius, this.walls, this.shrunk);
      } else {
        // The walls follow the same edits themselves, in windows around them.
        yield* this.walls.refreshWork();
        // An edit that overtook the walls makes them build whole next time; the shrunk cells that
        // read them are redone with the boxes.
        if (grid.layoutVersion !== layout) for (const box of changed) layoutChanges.add(box);
        for (const box of changed) yield* this.padded.fillAreaWork(grid, box);
        for (const area of areas) yield* shrinkWork(grid, radius, this.walls, this.shrunk, area);
      }
      // The shrunk grid tells its region table and move table which cells changed.
      yield* this.regions.labelWork(this.shrunk);
    }
    // The shrunk grid takes the new costs (so the next query's field sees them). Never under a
    // running search: the session builds only before a search begins.
    for (const box of costsChanged) yield* copyCostsWork(grid, this.shrunk, box);
    yield* this.field.refreshWork();
    // Tile costs: the moves' cells are walked once per move set, on the first weighted grid.
    if (grid.weighted && this.moveCosts === null && this.movesSet !== null) this.moveCosts = yield* moveCostsWork(this.movesSet);
    // The tables describe the grid as it was when this began; a later edit makes the next
    // refresh redo its area (tablesReady compares versions).
    if (settled) this.builtLayout = layout;
    this.builtVersion = version;
  }

  /** Reads the goal; (sx, sy) is the start cell, which the distance field heads for. */
  private prepareGoal(goal: CurveGoal, sx: number, sy: number): void {
    const { width, height } = this.grid;
    const heading = goal.heading ?? null;
    this.goalHeading = heading === null ? null : normalizeAngle(heading);
    this.goal = { x: goal.x, y: goal.y, heading: this.goalHeading ?? 0 };
    this.goalCx = Math.min(width - 1, Math.floor(goal.x));
    this.goalCy = Math.min(height - 1, Math.floor(goal.y));
    const k = this.goalHeading === null ? -1 : latticeIndex(this.goalHeading, this.headings);
    const onCentre = goal.x === this.goalCx + 0.5 && goal.y === this.goalCy + 0.5;
    const lattice = onCentre && (this.goalHeading === null || k >= 0);
    this.goalCell = lattice ? this.goalCy * width + this.goalCx : -1;
    this.goalK = lattice ? k : -1;
    // A unit that reverses reaches a point with any heading about as far as the straight line (it
    // backs up instead of turning round), so there the table's 16 Reeds-Shepp curves an entry
    // (about 6 µs each) would buy little over the straight-line bound the heuristic has anyway.
    this.kinematicOn = this.goalCell >= 0 && !(this.profile.reverse && this.goalK < 0);
    this.field.aim(goal.x, goal.y, sx, sy);
    if (++this.hGeneration === 0xffffffff) {
      this.cellStamp.fill(0);
      this.boxStamp.fill(0);
      this.hGeneration = 1;
    }
  }

  private isGoalState(id: number): boolean {
    if (this.goalCell < 0 || id >= this.stateCount) return false;
    const cell = (id / this.headings) | 0;
    return cell === this.goalCell && (this.goalK < 0 || id - cell * this.headings === this.goalK);
  }

  /** True when `pose` is the goal pose itself. */
  private atGoal(pose: Pose): boolean {
    if (pose.x !== this.goal.x || pose.y !== this.goal.y) return false;
    return this.goalHeading === null || Math.abs(normalizeAngle(pose.heading - this.goalHeading)) < HEADING_EPSILON;
  }

  /** The admissible estimate for state `id`. */
  private h(id: number): number {
    const H = this.headings;
    const cell = (id / H) | 0;
    if (this.cellStamp[cell] !== this.hGeneration) this.estimateCell(cell);
    const hc = this.cellH[cell]!;
    if (!this.kinematicOn || hc === Infinity) return hc;
    const w = this.grid.width;
    const k = id - cell * H;
    const kin = this.kinematic.lookup(k, this.goalCx - (cell % w), this.goalCy - ((cell / w) | 0), this.goalK);
    return kin > hc ? kin : hc;
  }

  /**
   * Computes the cell's part of the estimate into cellH, once per cell and query: kept out of
   * {@link h}, which the expansion loop inlines, so the open list's push fits the inlining budget.
   */
  private estimateCell(cell: number): void {
    const w = this.grid.width;
    const cx = cell % w;
    const cy = (cell / w) | 0;
    const euclid = hypot(this.goal.x - cx - 0.5, this.goal.y - cy - 0.5);
    // A cell outside the start's region (of the shrunk grid, cells sharing an edge) is met only
    // through a corner; its field value could take settling the whole field to learn.
    let field = this.admissible ? this.field.cellBound(cx, cy) : this.field.cellEstimate(cx, cy);
    if (this.centreOn) {
      // The centres' estimate where they reach the goal (settled beforehand by prepareExpansion).
      const centres = this.centre!.field;
      const c = this.centre!.reaches(this.centreGoal, cell) && centres.settled(cx, cy) ? centres.cellEstimate(cx, cy) : Infinity;
      if (c < Infinity && c > field) field = c;
    }
    this.cellH[cell] = this.regions.same(this.startCell, cell) ? Math.max(euclid, field) : euclid;
    this.cellStamp[cell] = this.hGeneration;
  }

  private relax(from: number, to: number, g: number): boolean {
    const m = this.memory;
    const state = m.stateOf(to);
    if (state === UNSEEN) {
      const h = this.h(to);
      if (h === Infinity) return false;
      m.open(to, g, g + this.weight * h, from);
      return true;
    }
    if (g < m.g[to]! - IMPROVEMENT_EPSILON) {
      // An inconsistent bound (the field's corner offset) can improve a closed state. At weight 1
      // it is reopened, for the optimum; above 1 it is not, as in weighted A* (Likhachev's ARA*):
      // each state is expanded once, which bounds the work by the states in reach, where reopening
      // re-expanded a hybrid corridor of 21,648 states 250,000 times without an answer.
      if (state !== OPEN && this.weight > 1) return false;
      const f = g + this.weight * this.h(to);
      if (state === OPEN) m.improve(to, g, f, from);
      else m.open(to, g, f, from);
      return true;
    }
    return false;
  }

  /** Expands up to `budget` states. */
  private run(budget: number): RunState {
    const m = this.memory;
    const heap = m.heap;
    // What an expansion needs prepared (field values, table entries, the start's joins) is the step's work too.
    const limit = budget + this.preparedWork();
    let expansions = 0;
    while (heap.size > 0) {
      if (expansions + this.preparedWork() >= limit) return 'pending';
      // The estimates the next expansion needs are settled first, within the allowance: a large
      // settling is spread over steps instead of done inside one expansion.
      if (heap.top === this.goalToken || (this.deferredShot !== null && (this.expanded >= this.deferredDeadline || this.deferredCloseEnough(heap.top)))) {
        if (heap.top === this.goalToken) heap.pop();
        this.found = this.deferredFrom;
        this.shot = this.deferredShot;
        return 'found';
      }
      if (!this.prepareExpansion(heap.top, limit - expansions - this.preparedWork())) return 'pending';
      const id = heap.pop();
      m.close(id);
      if (id > this.virtualStart) {
        this.relaxJoin(id - this.virtualStart - 1);
        continue;
      }
      expansions++;
      this.expanded++;
      this.expansionWork += this.expansionExtra;
      if (this.isGoalState(id)) {
        this.found = id;
        return 'found';
      }
      if (this.shots && this.tryShot(id)) {
        this.found = id;
        return 'found';
      }
      if (id === this.virtualStart) this.expandStart();
      else this.expand(id);
    }
    return 'exhausted';
  }

  /** The pose of lattice state `id`. */
  private poseOf(id: number): Pose {
    if (id === this.virtualStart) return this.start;
    const cell = (id / this.headings) | 0;
    const w = this.grid.width;
    return { x: (cell % w) + 0.5, y: ((cell / w) | 0) + 0.5, heading: latticeHeading(id - cell * this.headings, this.headings) };
  }

  /** Tries the analytic shot from state `id` when it is due; true when it reached the goal. */
  private tryShot(id: number): boolean {
    if (id !== this.startId && this.expanded % this.shotInterval !== 0) {
      // Not due by the clock: only near the goal (measured from the tile centre, allocating nothing).
      const cell = (id / this.headings) | 0;
      const w = this.grid.width;
      if (hypot((cell % w) + 0.5 - this.goal.x, ((cell / w) | 0) + 0.5 - this.goal.y) > this.shotNear) return false;
    }
    if (this.proofBegun && id < this.virtualStart) {
      // The proof tries the same shot from the near states: one solve serves both, and its cheap
      // exact rejections (walls behind the goal, a last piece known to hit) serve the search too.
      const proof = this.proof!;
      const before = proof.work;
      const legal = proof.shotFrom(id);
      this.shotWork += proof.work - before;
      if (!legal) return false;
    }
    const pose = this.poseOf(id);
    const p = this.profile;
    // A first leg (any goal heading) is closed-form, about 1.4 µs even for a unit that reverses.
    this.shotWork += (this.goalHeading === null ? DUBINS_UNITS : this.curveUnits) + SWEEP_UNITS;
    const curve = curveOrNull(() =>
      this.goalHeading === null
        ? firstLeg(pose, this.goal, p.turningRadius, { reverse: p.reverse, reverseCost: p.reverseCost })
        : curveBetween(p, pose, this.goal),
    );
    if (curve === null) return false;
    this.shotWork += longSweepWork(curve.path.length);
    if (pathHitsBlocked(this.grid, curve.path, p.sweepRadius, this.walls)) return false;
    const loops = this.goalHeading !== null && turningOf(curve.path) > Math.abs(normalizeAngle(this.goalHeading - pose.heading)) + LOOP_TURN;
    // With tile costs a shot may cost more than a longer way along a road: it waits its turn.
    if (loops || this.weighted) {
      this.deferShot(id, curve, loops ? LOOP_GRACE : Infinity);
      return false;
    }
    this.shot = curve.path;
    return true;
  }

  /**
   * True when the deferred shot on a grid with tile costs is within {@link SHOT_SLACK} of the key of
   * open state `top`: nothing left on the open list is likely to reach the goal for much less, and
   * at weight 1 the search would otherwise close every state cheaper than the shot first (ten
   * times the expansions of a uniform grid, on patches of costs 1 to 3).
   */
  private deferredCloseEnough(top: number): boolean {
    if (!this.weighted || top >= this.virtualStart) return false;
    return this.deferredCost <= SHOT_SLACK * (this.memory.g[top]! + this.weight * this.h(top));
  }

  /**
   * Keeps a legal shot instead of ending the search with it (one that loops: turns through more
   * than a half turn beyond its heading change; or any shot on a grid with tile costs): the goal
   * goes on the open list at the shot's total cost, so the search ends with the shot only if
   * nothing cheaper reaches the goal first, or once `grace` more expansions have passed. A path
   * still exists whenever the shot is legal, so the search's verdict, and the proof's, is the same.
   */
  private deferShot(id: number, curve: Curve, grace: number): void {
    const m = this.memory;
    const cost = m.g[id]! + curveCostOn(this.grid, this.profile, curve);
    if (!(cost < this.deferredCost)) return;
    this.deferredDeadline = Math.min(this.deferredShot === null ? Infinity : this.deferredDeadline, this.expanded + grace);
    this.deferredCost = cost;
    this.deferredShot = curve.path;
    this.deferredFrom = id;
    if (m.stateOf(this.goalToken) === OPEN) m.improve(this.goalToken, cost, cost, id);
    else m.open(this.goalToken, cost, cost, id);
  }

  /**
   * Joins the exact start pose to the lattice states around it. A join solved earlier in the query
   * (by the corridor's phase) is relaxed at once; the others go on the open list as tokens keyed
   * by a lower bound on their cost ({@link costBound}), and are solved only when popped: a found query pays
   * for the few joins toward the goal instead of all 144 (about 1,000 units for a unit that
   * reverses). Every token is popped before the search runs dry, so what it reaches is unchanged.
   */
  private expandStart(): void {
    const width = this.grid.width;
    const joins = this.joins;
    for (let slot = 0; slot < joins.slots; slot++) {
      if (!joins.free(slot)) continue;
      if (this.corridorOn && this.corridor.stamps[joins.y(slot) * width + joins.x(slot)] !== this.corridor.generation) {
        if (this.cutCount === 0 || this.cut[this.cutCount - 1] !== this.virtualStart) this.pushCut(this.virtualStart);
        continue;
      }
      // A widening joins the start again: a token already on the list (or popped) stays as it is.
      if (this.memory.stateOf(this.virtualStart + 1 + slot) !== UNSEEN) continue;
      if (joins.solved(slot)) {
        this.relaxJoin(slot);
        continue;
      }
      const h = this.h(joins.state(slot));
      if (h === Infinity) continue;
      const bound = costBound(this.profile, this.start, joins.target(slot));
      this.memory.open(this.virtualStart + 1 + slot, bound, bound + this.weight * h, this.virtualStart);
    }
  }

  /** Relaxes the solved join of `slot` (no-op when it is illegal). */
  private relaxJoin(slot: number): void {
    const cost = this.joins.cost(slot);
    if (!(cost < Infinity)) return;
    const id = this.joins.state(slot);
    if (this.relax(this.virtualStart, id, cost)) this.firstLegs.set(id, this.joins.curve(slot)!);
  }

  /**
   * Solves the join of `slot` with the units left in {@link prepUnits}; true when it is solved.
   */
  private solveJoin(slot: number): boolean {
    if (this.joins.solved(slot)) return true;
    if (this.prepUnits <= 0) return false;
    this.prepUnits -= this.joins.unitsPerJoin;
    this.joins.solve(slot, this.walls);
    return true;
  }

  /** Records state `id` as one whose moves the corridor cut. */
  private pushCut(id: number): void {
    if (this.cutCount === this.cut.length) {
      const grown = new Int32Array(Math.max(1024, 2 * this.cut.length));
      grown.set(this.cut);
      this.cut = grown;
    }
    this.cut[this.cutCount++] = id;
  }

  /** Relaxes the legal moves out of lattice state `id`. */
  private expand(id: number): void {
    const H = this.headings;
    const cell = (id / H) | 0;
    const k = id - cell * H;
    const w = this.grid.width;
    const cx = cell % w;
    const cy = (cell / w) | 0;
    const mv = this.movesSet!;
    const clear = this.walls.values[cell]!;
    const E = mv.maxExtent;
    const bits = this.movesBits;
    const padded = this.padded;
    const pad = padded.pad;
    const pw = padded.width;
    const needCheck = clear <= E;
    const blocked = this.blockedMoves;
    const pbase = (cy + pad) * pw + cx + pad;
    const bytes = padded.bytes;
    if (needCheck && bits !== null) {
      // Columns cx - E .. cx + E of rows cy - E .. cy + E, as bits in one word per row.
      // From a free cell only the walls' coast cells decide (see edge-rows.ts).
      readWindow(padded, cx, cy, E, this.edgeWindow && bytes[pbase] === 0, padded.window);
      bits.blocked(k, padded.window, blocked);
    }
    const g = this.memory.g[id]!;
    const corridorOn = this.corridorOn;
    const stamps = this.corridor.stamps;
    const inCorridor = this.corridor.generation;
    const { dx, dy, endHeading, cost, extent, cellFirst, cellX, cellY } = mv;
    const weighted = this.weighted ? this.moveCosts! : null;
    const grid = this.grid;
    // No cell a move from here reads costs less (1, the least any cell costs, when the table is stale after a cost edit).
    const least = weighted !== null && this.minCosts.fresh(grid, weighted.span) ? this.minCosts.values[cell]! : 1;
    let pieces = 0;
    const firstMove = mv.first[k]!;
    const last = mv.first[k + 1]!;
    const memory = this.memory;
    const runEnds = this.runEnds!;
    // The memory's arrays, read once: relax (a call) would keep the loop from hoisting them.
    const stampOf = memory.stamp;
    const gOf = memory.g;
    const openStamp = memory.openStamp;
    const bitTest = needCheck && bits !== null;
    let cut = false;
    // The moves in runs to one target cell (see moveRunEnds): the cell is indexed and tested
    // against the corridor once a run, and the moves are relaxed in the set's order.
    for (let m = firstMove; m < last; ) {
      // Blocked moves are skipped a word at a time: near walls most of a large set is blocked (a
      // ship's slowest demo order, r = 4, Directional-48: 51 of 767 moves free an expansion).
      if (bitTest) {
        m = nextClear(blocked, firstMove, m, last);
        if (m === last) break;
      }
      const runEnd = runEnds[m]!;
      // Before the hit check the target may lie off the map (the index then names some other
      // cell or none): skipping such a move is harmless, as it is illegal anyway.
      const target = cell + dy[m]! * w + dx[m]!;
      if (corridorOn && stamps[target] !== inCorridor) {
        // The state's moves were cut if any move of the run passes the hit check, as move m does.
        if (!cut) {
          this.pushCut(id);
          cut = true;
        }
        m = runEnd;
        continue;
      }
      const base = target * H;
      for (; m < runEnd; m++) {
        if (bitTest) {
          m = nextClear(blocked, firstMove, m, runEnd);
          if (m === runEnd) break;
        }
        const to = base + endHeading[m]!;
        // Open or closed in this search (memory.stateOf, inline).
        const age = stampOf[to]! - openStamp;
        const seen = age === 0 || age === 1;
        // A move's cost on a weighted grid is at least its plain cost (every cell costs 1 or more):
        // a target the plain cost cannot improve is skipped before the dearer sum over its cells.
        if (seen && !(g + cost[m]! < gOf[to]! - IMPROVEMENT_EPSILON)) continue;
        // ... nor by the least cost around the cell: most sums in a weighted search would be in vain.
        if (weighted !== null && seen && !(g + weighted.lowerBound(m, least) < gOf[to]! - IMPROVEMENT_EPSILON)) continue;
        if (weighted !== null) pieces += weighted.first[m + 1]! - weighted.first[m]!;
        const ng = weighted === null ? g + cost[m]! : g + weighted.cost(grid, m, cx, cy);
        if (weighted !== null && seen && !(ng < memory.g[to]! - IMPROVEMENT_EPSILON)) continue;
        if (needCheck && bits === null && extent[m]! >= clear) {
          let hit = false;
          const end = cellFirst[m + 1]!;
          for (let i = cellFirst[m]!; i < end; i++) {
            if (bytes[pbase + cellY[i]! * pw + cellX[i]!] === 1) {
              hit = true;
              break;
            }
          }
          if (hit) continue;
        }
        this.relax(id, to, ng);
      }
    }
    if (pieces > 0) this.weightWork += pieces / CELL_PIECES_PER_UNIT;
  }

  /**
   * The search ({@link runPhases}), then the shortcut pass over the path it found
   * (src/directional/shortcut.ts), both within `budget` work units: once the search has found
   * the goal the session stays pending while the pass runs in slices.
   */
  private runThenShorten(budget: number): RunState {
    if (this.found === -1) {
      const work = this.expanded + this.sideWork();
      const state = this.runPhases(budget);
      if (state !== 'found') return state;
      budget -= this.expanded + this.sideWork() - work;
      this.beginShortcut();
    }
    const pass = this.shortcut!;
    const before = pass.work;
    const done = pass.step(budget);
    this.shortcutWork += pass.work - before;
    return done ? 'found' : 'pending';
  }

  /**
   * Starts the shortcut pass over the found path. At the expansion cap it gets no work (the path
   * stays as found, in this step): the session would end a pending query there with `budget`.
   */
  private beginShortcut(): void {
    const pass = (this.shortcut ??= new PathShortcut(this.grid, this.profile));
    const on = this.shortcutOn && this.expanded < this.expansionCap;
    const maxWork = on ? SHORTCUT_BASE_WORK + SHORTCUT_WORK_RATIO * this.expanded : 0;
    pass.begin(this.foundChain(), { freeEnd: this.goalHeading === null, maxWork, walls: this.walls });
  }

  /** The found path as poses and the pieces between them: the start, the lattice states, the shot's end. */
  private foundChain(): ShortcutChain {
    const chain: number[] = [];
    for (let id = this.found; id !== -1; id = this.memory.parent[id]!) chain.push(id);
    chain.reverse();
    const poses: Pose[] = chain.map((id) => this.poseOf(id));
    const pieces: Segment[][] = [];
    const H = this.headings;
    const w = this.grid.width;
    for (let i = 1; i < chain.length; i++) {
      const from = chain[i - 1]!;
      const to = chain[i]!;
      if (from === this.virtualStart) {
        pieces.push([...this.firstLegs.get(to)!.path.segments]);
        continue;
      }
      const fc = (from / H) | 0;
      const tc = (to / H) | 0;
      const fx = fc % w;
      const fy = (fc / w) | 0;
      const m = this.movesSet!.index(from - fc * H, (tc % w) - fx, ((tc / w) | 0) - fy, to - tc * H);
      pieces.push(this.movesSet!.curve(m).segments.map((seg) => resizeSegment(seg, { x: seg.x + fx, y: seg.y + fy, heading: seg.heading }, seg.length)));
    }
    if (this.shot) {
      pieces.push([...this.shot.segments]);
      poses.push({ x: this.goal.x, y: this.goal.y, heading: this.goalHeading ?? this.shot.end.heading });
    }
    return { poses, pieces };
  }

  /** Builds the result from the shortcut pass's path over the found state (and the shot that ended the search, if any). */
  private finish(): CurveResult {
    const path = new SegmentPath(this.shortcut!.segments(), this.start);
    const end = path.end;
    if (!(Math.hypot(end.x - this.goal.x, end.y - this.goal.y) <= GOAL_REACH_TOLERANCE) || !Number.isFinite(path.length)) {
      // A curve that lost its precision (extreme radius against the distances): never a wrong `found`.
      return curveFailure('invalid', this.start, this.expanded, `the path could not be computed to the goal's precision with turning radius ${this.profile.turningRadius}: it ends at (${end.x}, ${end.y})`);
    }
    const cost = segmentsCostOn(this.grid, this.profile, path.segments);
    return { status: 'found', segments: path, length: path.length, cost, expanded: this.expanded };
  }
}

