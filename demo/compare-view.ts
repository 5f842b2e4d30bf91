/**
 * The comparison view: every planner's path between one start and one goal, drawn on top of each
 * other. Paths are stroked widest first, so where several planners agree their colours show as
 * nested stripes instead of hiding each other.
 */
import type * as Phaser from 'phaser';
import type { CompareEntry, PlannerInfo } from './pathing.js';
import { TILE_SIZE } from './terrain.js';

/** Stroke widths (pixels) of the first and last path. */
const WIDEST = 12;
const NARROWEST = 3;

export function drawComparison(
  g: Phaser.GameObjects.Graphics,
  planners: readonly PlannerInfo[],
  start: { x: number; y: number } | undefined,
  goal: { x: number; y: number } | undefined,
  entries: readonly CompareEntry[] | undefined,
): void {
  g.clear();
  const found = (entries ?? []).filter((e) => e.status === 'found' && e.points.length > 1);
  const widths = found.map((_, i) => (found.length === 1 ? NARROWEST * 1.5 : WIDEST - ((WIDEST - NARROWEST) * i) / (found.length - 1)));
  // One dark outline under everything, then the colours widest first.
  found.forEach((entry, i) => {
    g.lineStyle(widths[i]! + 3, 0x101418, 0.6);
    strokePolyline(g, entry.points);
  });
  found.forEach((entry, i) => {
    g.lineStyle(widths[i]!, planners.find((p) => p.id === entry.planner)?.colour ?? 0xffffff, 1);
    strokePolyline(g, entry.points);
  });
  for (const [point, colour] of [[start, 0xffffff], [goal, 0x111111]] as const) {
    if (!point) continue;
    g.fillStyle(colour, 1).fillCircle(point.x * TILE_SIZE, point.y * TILE_SIZE, 6);
    g.lineStyle(2, colour === 0xffffff ? 0x111111 : 0xffffff, 1).strokeCircle(point.x * TILE_SIZE, point.y * TILE_SIZE, 6);
  }
}

function strokePolyline(g: Phaser.GameObjects.Graphics, points: readonly { x: number; y: number }[]): void {
  g.beginPath();
  g.moveTo(points[0]!.x * TILE_SIZE, points[0]!.y * TILE_SIZE);
  for (let i = 1; i < points.length; i++) g.lineTo(points[i]!.x * TILE_SIZE, points[i]!.y * TILE_SIZE);
  g.strokePath();
}
