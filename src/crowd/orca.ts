/**
 * Optimal reciprocal collision avoidance (ORCA: van den Berg, Guy, Lin and Manocha, "Reciprocal
 * n-body collision avoidance", 2011), written after the structure of RVO2's Agent.cpp: one
 * half-plane of permitted velocities per neighbour, and the velocity closest to the preferred one
 * inside all of them and inside the speed circle, found by a randomised-incremental 2D linear
 * program (linearProgram1/2); when the half-planes leave nothing, the 3D program
 * (linearProgram3) minimises the largest violation of the soft ones and keeps the hard ones.
 *
 * Units are tiles and seconds, velocities tiles per second. Nothing here allocates once the
 * buffers are large enough.
 */

/** Below this a determinant counts as zero (lines parallel), as RVO2's RVO_EPSILON. */
export const PARALLEL_EPSILON = 1e-5;

/**
 * Half-planes of permitted velocities, struct of arrays. Half-plane i is the line through
 * (px[i], py[i]) with unit direction (dx[i], dy[i]); a velocity v is permitted when
 * det(d, p - v) <= 0, that is when v lies on the side of the line that the direction turns
 * towards by +90° (y down: to the right of the direction on screen).
 */
export class HalfPlanes {
  px: Float64Array;
  py: Float64Array;
  dx: Float64Array;
  dy: Float64Array;
  count = 0;

  constructor(capacity = 16) {
    this.px = new Float64Array(capacity);
    this.py = new Float64Array(capacity);
    this.dx = new Float64Array(capacity);
    this.dy = new Float64Array(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  /** Appends a half-plane; grows the arrays (the only allocation) when full. */
  push(px: number, py: number, dx: number, dy: number): void {
    if (this.count === this.px.length) this.grow();
    const i = this.count++;
    this.px[i] = px;
    this.py[i] = py;
    this.dx[i] = dx;
    this.dy[i] = dy;
  }

  /** How far velocity (vx, vy) lies on the forbidden side of half-plane i (<= 0: permitted). */
  violation(i: number, vx: number, vy: number): number {
    return this.dx[i]! * (this.py[i]! - vy) - this.dy[i]! * (this.px[i]! - vx);
  }

  private grow(): void {
    const n = 2 * this.px.length || 16;
    const copy = (a: Float64Array): Float64Array => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.px = copy(this.px);
    this.py = copy(this.py);
    this.dx = copy(this.dx);
    this.dy = copy(this.dy);
  }
}

/**
 * The best velocity on the line of half-plane `lineNo` that satisfies the half-planes before it and
 * the speed circle of radius `speed`: the point nearest `(ox, oy)`, or with `directionOpt` the
 * point furthest along the unit direction `(ox, oy)`. Writes it into `result` (x, y) and returns
 * true, or returns false (result untouched) when no such point exists.
 */
export function linearProgram1(
  lines: HalfPlanes,
  lineNo: number,
  speed: number,
  ox: number,
  oy: number,
  directionOpt: boolean,
  result: Float64Array,
): boolean {
  const { px, py, dx, dy } = lines;
  const lpx = px[lineNo]!;
  const lpy = py[lineNo]!;
  const ldx = dx[lineNo]!;
  const ldy = dy[lineNo]!;
  const dot = lpx * ldx + lpy * ldy;
  const discriminant = dot * dot + speed * speed - (lpx * lpx + lpy * lpy);
  // The speed circle misses the line entirely.
  if (discriminant < 0) return false;
  const root = Math.sqrt(discriminant);
  let tLeft = -dot - root;
  let tRight = -dot + root;
  for (let i = 0; i < lineNo; i++) {
    const denominator = ldx * dy[i]! - ldy * dx[i]!;
    const numerator = dx[i]! * (lpy - py[i]!) - dy[i]! * (lpx - px[i]!);
    if (Math.abs(denominator) <= PARALLEL_EPSILON) {
      // Parallel lines: line i either permits all of this line or none of it.
      if (numerator < 0) return false;
      continue;
    }
    const t = numerator / denominator;
    if (denominator >= 0) tRight = Math.min(tRight, t);
    else tLeft = Math.max(tLeft, t);
    if (tLeft > tRight) return false;
  }
  let t: number;
  if (directionOpt) {
    t = ox * ldx + oy * ldy > 0 ? tRight : tLeft;
  } else {
    t = ldx * (ox - lpx) + ldy * (oy - lpy);
    t = t < tLeft ? tLeft : t > tRight ? tRight : t;
  }
  result[0] = lpx + t * ldx;
  result[1] = lpy + t * ldy;
  return true;
}

/**
 * The velocity inside every half-plane of `lines` and the circle of radius `speed` nearest to
 * `(ox, oy)` (or, with `directionOpt`, furthest along the unit vector `(ox, oy)`), into `result`.
 * Returns `lines.count` on success, or the index of the first half-plane that could not be
 * satisfied; `result` then holds the best velocity for the half-planes before it.
 */
export function linearProgram2(lines: HalfPlanes, speed: number, ox: number, oy: number, directionOpt: boolean, result: Float64Array): number {
  if (directionOpt) {
    result[0] = ox * speed;
    result[1] = oy * speed;
  } else {
    const lengthSq = ox * ox + oy * oy;
    if (lengthSq > speed * speed) {
      const scale = speed / Math.sqrt(lengthSq);
      result[0] = ox * scale;
      result[1] = oy * scale;
    } else {
      result[0] = ox;
      result[1] = oy;
    }
  }
  for (let i = 0; i < lines.count; i++) {
    if (lines.violation(i, result[0]!, result[1]!) > 0) {
      const keepX = result[0]!;
      const keepY = result[1]!;
      if (!linearProgram1(lines, i, speed, ox, oy, directionOpt, result)) {
        result[0] = keepX;
        result[1] = keepY;
        return i;
      }
    }
  }
  return lines.count;
}

/**
 * The fallback when {@link linearProgram2} failed at half-plane `beginLine`: keeping the first
 * `hardCount` half-planes (walls) satisfied, finds the velocity in the speed circle that minimises
 * the largest distance by which it violates any of the others (the 3D program of ORCA, solved as
 * a sequence of 2D ones on projected lines). `result` comes in as linearProgram2 left it and goes
 * out improved. `scratch` holds the projected lines.
 */
export function linearProgram3(lines: HalfPlanes, hardCount: number, beginLine: number, speed: number, result: Float64Array, scratch: HalfPlanes): void {
  const { px, py, dx, dy } = lines;
  let distance = 0;
  for (let i = beginLine; i < lines.count; i++) {
    if (lines.violation(i, result[0]!, result[1]!) <= distance) continue;
    // Half-plane i is violated more than any before it: optimise on the lines that bisect it and each earlier one.
    scratch.clear();
    for (let j = 0; j < hardCount; j++) scratch.push(px[j]!, py[j]!, dx[j]!, dy[j]!);
    for (let j = hardCount; j < i; j++) {
      const determinant = dx[i]! * dy[j]! - dy[i]! * dx[j]!;
      let qx: number;
      let qy: number;
      if (Math.abs(determinant) <= PARALLEL_EPSILON) {
        // Same direction: j adds nothing beyond i; opposite: bisect halfway between the two lines.
        if (dx[i]! * dx[j]! + dy[i]! * dy[j]! > 0) continue;
        qx = 0.5 * (px[i]! + px[j]!);
        qy = 0.5 * (py[i]! + py[j]!);
      } else {
        const s = (dx[j]! * (py[i]! - py[j]!) - dy[j]! * (px[i]! - px[j]!)) / determinant;
        qx = px[i]! + s * dx[i]!;
        qy = py[i]! + s * dy[i]!;
      }
      let bx = dx[j]! - dx[i]!;
      let by = dy[j]! - dy[i]!;
      const length = Math.sqrt(bx * bx + by * by);
      bx /= length;
      by /= length;
      scratch.push(qx, qy, bx, by);
    }
    const keepX = result[0]!;
    const keepY = result[1]!;
    // Optimise along the normal of line i pointing into its permitted side.
    if (linearProgram2(scratch, speed, -dy[i]!, dx[i]!, true, result) < scratch.count) {
      // In exact arithmetic the previous result is feasible here; only rounding gets here: keep it.
      result[0] = keepX;
      result[1] = keepY;
    }
    distance = lines.violation(i, result[0]!, result[1]!);
  }
}

/**
 * The ORCA velocity: nearest to the preferred `(prefX, prefY)` within the speed circle and all of
 * `lines`, whose first `hardCount` half-planes (walls) are never given up; when the half-planes
 * leave nothing, the velocity that violates the others least. Writes `result` (x, y).
 */
export function solveVelocity(lines: HalfPlanes, hardCount: number, speed: number, prefX: number, prefY: number, result: Float64Array, scratch: HalfPlanes): void {
  const failed = linearProgram2(lines, speed, prefX, prefY, false, result);
  if (failed < lines.count) linearProgram3(lines, hardCount, failed, speed, result, scratch);
}

/**
 * Appends agent A's ORCA half-plane for neighbour B. A is at the origin of `(rx, ry)` = B's
 * position minus A's, moving at (vx, vy); `(rvx, rvy)` = A's velocity minus B's; `combined` =
 * the sum of the radii. A takes `responsibility` of the avoidance (0.5 when B avoids too, 1 when B
 * holds its course). When the discs already overlap, the half-plane asks to be apart after one
 * step (`invStep` = 1 / step seconds) rather than within the time horizon (`invHorizon`).
 * `(awayX, awayY)`, a unit vector (the opposite one for the other agent of the pair), is the way A
 * moves off B when the two sit at the same point with the same velocity, where the geometry gives
 * no direction; `awayY` defaults to 0, so a bare +1 or -1 picks a side along x.
 */
export function pushAgentPlane(
  lines: HalfPlanes,
  vx: number,
  vy: number,
  rx: number,
  ry: number,
  rvx: number,
  rvy: number,
  combined: number,
  responsibility: number,
  invHorizon: number,
  invStep: number,
  awayX: number,
  awayY = 0,
): void {
  const distSq = rx * rx + ry * ry;
  const combinedSq = combined * combined;
  let dirX: number;
  let dirY: number;
  let ux: number;
  let uy: number;
  if (distSq > combinedSq) {
    // w: from the centre of the cut-off circle (B's position after the horizon) to the relative velocity.
    const wx = rvx - invHorizon * rx;
    const wy = rvy - invHorizon * ry;
    const wLengthSq = wx * wx + wy * wy;
    const dot = wx * rx + wy * ry;
    if (dot < 0 && dot * dot > combinedSq * wLengthSq) {
      // Nearest boundary point lies on the cut-off circle.
      const wLength = Math.sqrt(wLengthSq);
      const unitX = wx / wLength;
      const unitY = wy / wLength;
      dirX = unitY;
      dirY = -unitX;
      const push = combined * invHorizon - wLength;
      ux = push * unitX;
      uy = push * unitY;
    } else {
      // Nearest boundary point lies on one of the two legs of the cone.
      const leg = Math.sqrt(distSq - combinedSq);
      if (rx * wy - ry * wx > 0) {
        dirX = (rx * leg - ry * combined) / distSq;
        dirY = (rx * combined + ry * leg) / distSq;
      } else {
        dirX = -(rx * leg + ry * combined) / distSq;
        dirY = -(-rx * combined + ry * leg) / distSq;
      }
      const along = rvx * dirX + rvy * dirY;
      ux = along * dirX - rvx;
      uy = along * dirY - rvy;
    }
  } else {
    // Already overlapping: get apart within one step.
    const wx = rvx - invStep * rx;
    const wy = rvy - invStep * ry;
    const wLength = Math.sqrt(wx * wx + wy * wy);
    let unitX: number;
    let unitY: number;
    if (wLength > 0) {
      unitX = wx / wLength;
      unitY = wy / wLength;
    } else {
      // No direction to push along: away from B, or the pair's given way apart when they coincide.
      const dist = Math.sqrt(distSq);
      unitX = dist > 0 ? -rx / dist : awayX;
      unitY = dist > 0 ? -ry / dist : awayY;
    }
    dirX = unitY;
    dirY = -unitX;
    const push = combined * invStep - wLength;
    ux = push * unitX;
    uy = push * unitY;
  }
  lines.push(vx + responsibility * ux, vy + responsibility * uy, dirX, dirY);
}
