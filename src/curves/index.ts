/**
 * Curves for vehicles with a turning radius: segments and segment paths, Dubins and Reeds-Shepp
 * shortest paths, Pinter's first leg and fixed-angle redrawing. Pure TypeScript, no Phaser.
 */
export { TWO_PI, mod2pi, normalizeAngle, angleDifference } from './angle.js';
export {
  lineSegment,
  arcSegment,
  segmentPoseAt,
  segmentEnd,
  segmentToJSON,
  segmentFromJSON,
  type Pose,
  type Turn,
  type Segment,
  type LineSegment,
  type ArcSegment,
  type SegmentJSON,
  type LineSegmentJSON,
  type ArcSegmentJSON,
} from './segment.js';
export { SegmentPath, pathFromSteps, CONTINUITY_TOLERANCE, MAX_SAMPLES, type Curve, type Step } from './segment-path.js';
export { dubins, dubinsLength, dubinsWord, DUBINS_WORDS, type DubinsWord, type DubinsCurve } from './dubins.js';
export { reedsShepp, type ReedsSheppCurve, type ReedsSheppOptions } from './reeds-shepp.js';
export { firstLeg, type FirstLegOptions } from './first-leg.js';
export { fixedAngle } from './fixed-angle.js';
export { CURVE_TOLERANCE, MAX_RADIUS_RATIO, MIN_RADIUS_RATIO, MAX_HEADING, curveScale } from './curve-range.js';
export type { CurvePlanner, CurveGoal, CurveQueryOptions, CurveResult } from './curve-planner.js';
