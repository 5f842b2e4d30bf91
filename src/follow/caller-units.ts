/**
 * Reasons in the units of whoever gave the order: the core phrases its reasons in tiles
 * (`tile (x, y)` for a point, `N tiles`, `N tiles/s`, `N tiles/s²` for lengths, speeds and
 * accelerations) and every reason a caller reads passes through {@link restateReason} once, which
 * rounds those numbers and, for a caller in world units (the plugin's pixels), converts them.
 */
import type { Point } from '../grid/point.js';

/** Decimals a reason quotes at most: enough to find a tile or a pixel, short enough to read. */
export const REASON_DECIMALS = 2;

/** At and above this magnitude a number is quoted in exponent form (1e15, not sixteen digits). */
const EXPONENT_ABOVE = 1e6;

/** The units a caller speaks, for its reasons: how a tile point and a tile length read in them. */
export interface CallerUnits {
  /** The caller's point of tile point (x, y), e.g. the world point of the tilemap. */
  toWorld(x: number, y: number): Point;
  /** Caller units per tile, for lengths (and per second, per second²). */
  readonly perTile: number;
  /** What a point is called: `tile (1, 2)` reads `pixel (32, 64)` with `'pixel'`. */
  readonly point: string;
  /** The length unit's short name, e.g. `'px'`: `2 tiles/s` reads `64 px/s`. */
  readonly length: string;
}

/** Tiles as they are: reasons of the core, rounded only. */
export const TILE_UNITS: CallerUnits = { toWorld: (x, y) => ({ x, y }), perTile: 1, point: 'tile', length: 'tiles' };

/**
 * A number as a reason quotes it: at most {@link REASON_DECIMALS} decimals, tiny and huge
 * magnitudes in exponent form with two significant digits (so a limit of 1e-6 does not read 0).
 *
 * @example formatNumber(49.983333333333334) // '49.98'; formatNumber(3.2e-5) // '3.2e-5'
 */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v) || v === 0) return String(v + 0);
  const a = Math.abs(v);
  if (a >= 10 ** -REASON_DECIMALS && a < EXPONENT_ABOVE) {
    const scale = 10 ** REASON_DECIMALS;
    return String(Math.round(v * scale) / scale + 0);
  }
  // toExponential(1) gives '3.2e-5' or '1.0e+15': drop the empty decimal and the plus sign.
  return v.toExponential(1).replace('.0e', 'e').replace('e+', 'e');
}

const NUMBER = String.raw`-?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?`;
const TILE_POINT = new RegExp(String.raw`\btile \((${NUMBER}), (${NUMBER})\)`, 'g');
const TILE_QUANTITY = new RegExp(String.raw`(?<![\w.])(${NUMBER}) tiles(/s²|/s)?(?![\w/])`, 'g');
/** A number with more decimals than a reason quotes (floating-point noise such as 0.8000000000000002). */
const LONG_DECIMAL = new RegExp(String.raw`(?<![\w.])-?\d+\.\d{${REASON_DECIMALS + 1},}(?:e[+-]?\d+)?(?![\w.])`, 'g');

/**
 * `reason`, a sentence of the core in tiles, in `units`: `tile (x, y)` points and `N tiles`
 * lengths (also `tiles/s`, `tiles/s²`) converted, every number rounded by {@link formatNumber}.
 * Other numbers (a map's `20x15` cells, counts, seconds) stay, long decimals rounded.
 *
 * @example
 * ```ts
 * const px = { toWorld: (x, y) => ({ x: x * 32, y: y * 32 }), perTile: 32, point: 'pixel', length: 'px' };
 * restateReason('target at tile (1.5, 2.0000000001) cannot be reached', px); // 'target at pixel (48, 64) cannot be reached'
 * ```
 */
export function restateReason(reason: string, units: CallerUnits = TILE_UNITS): string {
  return reason
    .replace(TILE_POINT, (_, x: string, y: string) => {
      const w = units.toWorld(Number(x), Number(y));
      return `${units.point} (${formatNumber(w.x)}, ${formatNumber(w.y)})`;
    })
    .replace(TILE_QUANTITY, (_, v: string, per: string | undefined) => `${formatNumber(Number(v) * units.perTile)} ${units.length}${per ?? ''}`)
    .replace(LONG_DECIMAL, (v) => formatNumber(Number(v)));
}
