/**
 * Debug drawing: blocked cells, each unit's path (arcs as arcs) and footprint, and the nodes the
 * last search expanded.
 */
import type Phaser from 'phaser';
import type { NavigatorDebugInfo } from '../follow/navigator.js';
import type { Segment } from '../curves/segment.js';
import type { Grid } from '../grid/grid.js';
import { DEFAULT_MOVEMENT_CLASS } from '../follow/movement-grids.js';
import type { TilemapGrid } from './tilemap-grid.js';

/** What `debug()` draws. Colours are 0xRRGGBB. */
export interface DebugOptions {
  /** Blocked cells. Default true. */
  cells?: boolean;
  /**
   * The movement class whose blocked cells are shaded (`useTilemap`'s `classes`): `'water'`
   * shades what blocks ships, so the sea is clear and the land shaded. Default `default` (the
   * collision flags). A class no unit uses yet has its grid built for the drawing.
   *
   * @example
   * ```ts
   * this.pathfinding.debug({ moves: 'water' });
   * ```
   */
  moves?: string;
  /** Each unit's remaining path. Default true. */
  paths?: boolean;
  /** Each unit's footprint (its width, or a small cross for a point). Default true. */
  footprints?: boolean;
  /**
   * With avoidance: each unit's velocity (a line to where it would be in a second), the cells
   * each vehicle on its way will sweep over the next seconds, and a ring round each vehicle
   * waiting for another. Default true.
   */
  velocities?: boolean;
  /** The nodes the last search expanded. Default false. */
  expanded?: boolean;
  /** Depth of the drawing. Default 1000 (above most game art). */
  depth?: number;
  cellColor?: number;
  pathColor?: number;
  footprintColor?: number;
  expandedColor?: number;
  velocityColor?: number;
  predictedColor?: number;
  waitingColor?: number;
}

/** Size (pixels) of the cross drawn for a point unit and of an expanded-node dot. */
const MARK_SIZE = 3;

/** Pixels by which a predicted cell's square is drawn inside the cell, so neighbours' outlines stay apart. */
const PREDICTED_INSET = 2;

/** Tiles between a waiting vehicle's footprint and the ring drawn round it. */
const WAIT_RING = 0.15;

/** Draws the pathfinding state of one scene into two Graphics objects. */
export class DebugDraw {
  private readonly cells: Phaser.GameObjects.Graphics;
  private readonly live: Phaser.GameObjects.Graphics;
  /** The grid the cells were drawn from, and its version then: redrawn when either changes. */
  private cellsGrid: Grid | undefined;
  private cellsVersion = -1;
  /** The map on which `moves` was found to name no class: reported once, not every frame. */
  private unknownOn: TilemapGrid | undefined;

  constructor(
    scene: Phaser.Scene,
    private readonly options: DebugOptions,
  ) {
    const depth = options.depth ?? 1000;
    this.cells = scene.add.graphics().setDepth(depth);
    this.live = scene.add.graphics().setDepth(depth + 1);
  }

  /**
   * Redraws for this frame from the navigator's {@link Navigator.debugInfo} snapshot.
   * @throws RangeError, once per map, when `moves` names no class of `map` (its cells are not
   *   drawn; the units still are).
   */
  draw<T extends { x: number; y: number }>(map: TilemapGrid, debug: NavigatorDebugInfo<T>): void {
    const o = this.options;
    const moves = o.moves ?? DEFAULT_MOVEMENT_CLASS;
    let unknown: RangeError | undefined;
    if (o.cells !== false) {
      if (map.classes.has(moves)) {
        const grid = map.gridOf(moves);
        if (this.cellsGrid !== grid || this.cellsVersion !== grid.version) this.drawCells(map, grid);
      } else if (this.unknownOn !== map) {
        this.unknownOn = map;
        this.cellsGrid = undefined;
        this.cells.clear();
        unknown = new RangeError(`debug: unknown movement class "${moves}" (the map has ${map.classes.names.map((n) => `"${n}"`).join(', ')})`);
      }
    }
    this.drawLive(map, debug);
    if (unknown) throw unknown;
  }

  private drawLive<T extends { x: number; y: number }>(map: TilemapGrid, debug: NavigatorDebugInfo<T>): void {
    const o = this.options;
    const g = this.live;
    g.clear();
    if (o.expanded) this.drawExpanded(map, debug);
    for (const info of debug.units) {
      const path = info.path;
      if (path && o.paths !== false) {
        g.lineStyle(2, o.pathColor ?? 0x00c8ff, 0.9);
        const rest = path.split(Math.min(info.distance, path.length))[1];
        for (const seg of rest.segments) this.drawSegment(map, seg);
      }
      if (o.footprints !== false) {
        const unit = info.unit;
        g.lineStyle(1, o.footprintColor ?? 0xffd000, 1);
        const width = info.width * map.tileWidth;
        if (width > 0) g.strokeCircle(unit.x, unit.y, width / 2);
        else {
          g.lineBetween(unit.x - MARK_SIZE, unit.y - MARK_SIZE, unit.x + MARK_SIZE, unit.y + MARK_SIZE);
          g.lineBetween(unit.x - MARK_SIZE, unit.y + MARK_SIZE, unit.x + MARK_SIZE, unit.y - MARK_SIZE);
        }
      }
      if (o.velocities !== false && info.velocity) {
        const unit = info.unit;
        g.lineStyle(1, o.velocityColor ?? 0xff60ff, 1);
        g.lineBetween(unit.x, unit.y, unit.x + info.velocity.x * map.tileWidth, unit.y + info.velocity.y * map.tileHeight);
        if (info.predicted) {
          g.lineStyle(1, o.predictedColor ?? 0xff9030, 0.8);
          for (const c of info.predicted) {
            const w = map.toWorld(c.x, c.y);
            g.strokeRect(w.x + PREDICTED_INSET, w.y + PREDICTED_INSET, map.tileWidth - 2 * PREDICTED_INSET, map.tileHeight - 2 * PREDICTED_INSET);
          }
        }
        if (info.waiting) {
          g.lineStyle(2, o.waitingColor ?? 0xff3030, 1);
          g.strokeCircle(unit.x, unit.y, (Math.max(info.width, info.length) / 2 + WAIT_RING) * map.tileWidth);
        }
      }
    }
  }

  destroy(): void {
    this.cells.destroy();
    this.live.destroy();
  }

  private drawCells(map: TilemapGrid, grid: Grid): void {
    this.cellsGrid = grid;
    this.cellsVersion = grid.version;
    const g = this.cells;
    g.clear();
    g.fillStyle(this.options.cellColor ?? 0xff3040, 0.35);
    const { tileWidth, tileHeight } = map;
    for (let y = 0; y < grid.height; y++) {
      for (let x = 0; x < grid.width; x++) {
        if (grid.cells[y * grid.width + x] !== 1) continue;
        const w = map.toWorld(x, y);
        g.fillRect(w.x, w.y, tileWidth, tileHeight);
      }
    }
  }

  private drawExpanded<T>(map: TilemapGrid, debug: NavigatorDebugInfo<T>): void {
    const g = this.live;
    g.fillStyle(this.options.expandedColor ?? 0x80ff80, 0.6);
    for (const p of debug.lastSearch?.expanded ?? []) {
      const w = map.toWorld(p.x, p.y);
      g.fillRect(w.x - MARK_SIZE / 2, w.y - MARK_SIZE / 2, MARK_SIZE, MARK_SIZE);
    }
  }

  private drawSegment(map: TilemapGrid, seg: Segment): void {
    const g = this.live;
    const a = map.toWorld(seg.x, seg.y);
    if (seg.kind === 'line') {
      const d = seg.reverse ? -seg.length : seg.length;
      const b = map.toWorld(seg.x + d * Math.cos(seg.heading), seg.y + d * Math.sin(seg.heading));
      g.lineBetween(a.x, a.y, b.x, b.y);
      return;
    }
    // The unit's angle around the centre turns with its heading, forwards or backwards.
    const c = map.toWorld(seg.cx, seg.cy);
    const start = Math.atan2(seg.y - seg.cy, seg.x - seg.cx);
    const sweep = (seg.turn * seg.length) / seg.radius;
    g.beginPath();
    g.arc(c.x, c.y, seg.radius * map.tileWidth, start, start + sweep, sweep < 0);
    g.strokePath();
  }
}
