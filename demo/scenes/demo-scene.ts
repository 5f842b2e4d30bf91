/**
 * The demo: a Tiled map with infantry, tanks and ships. Select units, click a target, switch
 * planners, compare them, and drop walls in their way.
 */
import * as Phaser from 'phaser';
import mapUrl from '../../assets/demo-map.json?url';
import tilesUrl from '../../assets/demo-tiles.png';
import { drawComparison } from '../compare-view.js';
import { installTestHook, type HookContacts, type HookUnit } from '../test-hook.js';
import { createPanel, type Panel } from '../panel.js';
import { createPathing, PLANNERS, type CompareEntry, type Order, type Pathing } from '../pathing.js';
import { TILE_SIZE } from '../terrain.js';
import { Terrain } from '../terrain-edit.js';
import { drawUnitTextures, textureKey, UNIT_KINDS, UNIT_SPRITE_SCALE, type UnitKind, type UnitKindName } from '../units.js';

interface Unit {
  readonly id: number;
  readonly name: string;
  readonly kind: UnitKind;
  readonly sprite: Phaser.GameObjects.Sprite;
  selected: boolean;
  order: Order | undefined;
  goal: { x: number; y: number } | undefined;
  /** Deepest overlap with a blocked tile seen so far, tiles (the test hook's evidence). */
  worstOverlap: number;
  /** Replans after a wall blocked its path. */
  replans: number;
  /** Times it braked or stopped for another unit (`yield` and `wait` events). */
  waits: number;
  /** How its last order ended, and why when it failed. */
  ended: { status: 'arrived' | 'failed' | 'cancelled'; failure?: string; seconds: number } | undefined;
}

/** Pointer travel (pixels) that turns a click into a box drag. */
const DRAG_THRESHOLD = 6;
/** How close (tiles, beyond the footprint) a click must land to pick a unit. */
const PICK_SLACK = 0.35;
/** Where the comparison view starts: across the ruins, where grid paths zig-zag. */
const DEFAULT_COMPARE = { start: { x: 22.5, y: 43.5 }, goal: { x: 62.5, y: 8.5 } };

export class DemoScene extends Phaser.Scene {
  private terrain!: Terrain;
  private pathing!: Pathing;
  private panel!: Panel;
  private units: Unit[] = [];
  private plannerId = 'astar';
  private debug = false;
  private compare: { start?: { x: number; y: number }; goal?: { x: number; y: number }; entries?: CompareEntry[] } | undefined;
  private paths!: Phaser.GameObjects.Graphics;
  private rings!: Phaser.GameObjects.Graphics;
  private box!: Phaser.GameObjects.Graphics;
  private comparison!: Phaser.GameObjects.Graphics;
  private dragFrom: { x: number; y: number } | undefined;
  private frame = 0;
  /** Game time (seconds) the scene has updated through: the sum of the frames' deltas the plugin also gets. */
  private seconds = 0;
  /** Deepest overlap between two units' discs since the test hook last reset it. */
  private contacts: HookContacts = { deepest: 0, pair: undefined, frames: 0 };

  constructor() {
    super('demo');
  }

  preload(): void {
    this.load.tilemapTiledJSON('map', mapUrl);
    this.load.image('terrain-tiles', tilesUrl);
  }

  create(): void {
    const map = this.make.tilemap({ key: 'map' });
    const tileset = map.addTilesetImage('terrain', 'terrain-tiles');
    if (!tileset) throw new Error('the map has no tileset named "terrain"');
    const layer = map.createLayer('ground', tileset) as Phaser.Tilemaps.TilemapLayer;
    this.terrain = new Terrain(layer);
    this.pathing = createPathing(this, layer);
    drawUnitTextures(this);

    this.paths = this.add.graphics().setDepth(2);
    this.comparison = this.add.graphics().setDepth(3);
    this.rings = this.add.graphics().setDepth(4);
    this.box = this.add.graphics().setDepth(10);
    this.spawnUnits(map);

    this.panel = createPanel(document.getElementById('panel')!, PLANNERS, (id) => this.pathing.isAvailable(id), {
      choosePlanner: (id) => this.choosePlanner(id),
      toggleDebug: () => this.toggleDebug(),
      toggleCompare: () => this.toggleCompare(),
    });
    this.pathing.onPlan((stats) => this.panel.showPlan(stats));
    this.choosePlanner(PLANNERS.find((p) => p.id === 'theta' && this.pathing.isAvailable(p.id))?.id ?? 'astar');
    this.panel.showDebug(false);
    this.bindInput();
    installTestHook({
      units: () => this.units.map((u) => this.describe(u)),
      frame: () => this.frame,
      renderer: () => (this.game.renderer.type === Phaser.WEBGL ? 'webgl' : 'canvas'),
      toClient: (x, y) => this.toClient(x, y),
      plannerId: () => this.plannerId,
      comparison: () => this.compare?.entries,
      blocks: (kind, x, y) => this.terrain.blocks(UNIT_KINDS[kind as UnitKindName], x, y),
      terrain: (x, y) => this.terrain.kindAt(x, y),
      seconds: () => this.seconds,
      spawn: (kind, x, y) => {
        const unitKind = UNIT_KINDS[kind as UnitKindName] as UnitKind | undefined;
        if (!unitKind) throw new RangeError(`spawn: no unit kind ${JSON.stringify(kind)} (${Object.keys(UNIT_KINDS).join(', ')})`);
        return this.spawn(unitKind, x * TILE_SIZE, y * TILE_SIZE, 0).id;
      },
      contacts: () => ({ ...this.contacts }),
      resetContacts: () => void (this.contacts = { deepest: 0, pair: undefined, frames: 0 }),
    });
  }

  override update(_time: number, delta: number): void {
    this.frame++;
    this.seconds += delta / 1000;
    this.pathing.update();
    for (const u of this.units) {
      const overlap = this.terrain.penetration(u.kind, u.sprite.x / TILE_SIZE, u.sprite.y / TILE_SIZE);
      u.worstOverlap = Math.max(u.worstOverlap, overlap);
    }
    this.sampleContacts();
    this.drawOverlays();
  }

  /**
   * Records the deepest overlap between two units' discs this frame, as a fraction of the smaller
   * radius. Land units and ships do not meet (ships pass under bridges), so only pairs of the same
   * ground count.
   */
  private sampleContacts(): void {
    const c = this.contacts;
    c.frames++;
    for (let i = 0; i < this.units.length; i++) {
      const a = this.units[i]!;
      for (let j = i + 1; j < this.units.length; j++) {
        const b = this.units[j]!;
        if (a.kind.water !== b.kind.water) continue;
        const gap = Math.hypot(a.sprite.x - b.sprite.x, a.sprite.y - b.sprite.y) / TILE_SIZE - a.kind.radius - b.kind.radius;
        const depth = -gap / Math.min(a.kind.radius, b.kind.radius);
        if (depth > c.deepest) [c.deepest, c.pair] = [depth, [a.name, b.name]];
      }
    }
  }

  private spawnUnits(map: Phaser.Tilemaps.Tilemap): void {
    const objects = map.getObjectLayer('units')?.objects ?? [];
    for (const object of objects) {
      const kind = UNIT_KINDS[object.type as UnitKindName];
      if (!kind) continue;
      const heading = (object.properties as { name: string; value: unknown }[] | undefined)?.find((p) => p.name === 'heading')?.value;
      this.spawn(kind, object.x ?? 0, object.y ?? 0, typeof heading === 'number' ? heading : 0);
    }
  }

  /** Adds a unit of `kind` at a world point (pixels) facing `heading` (radians). */
  private spawn(kind: UnitKind, x: number, y: number, heading: number): Unit {
    const sprite = this.add
      .sprite(x, y, textureKey(kind.name))
      .setScale(UNIT_SPRITE_SCALE)
      .setRotation(heading)
      .setDepth(kind.water ? 4.5 : 5);
    const count = this.units.filter((u) => u.kind === kind).length + 1;
    const name = `${kind.name[0]!.toUpperCase()}${kind.name.slice(1)} ${count}`;
    const unit: Unit = { id: this.units.length + 1, name, kind, sprite, selected: false, order: undefined, goal: undefined, worstOverlap: 0, replans: 0, waits: 0, ended: undefined };
    this.units.push(unit);
    this.pathing.addUnit(sprite, kind);
    return unit;
  }

  private bindInput(): void {
    this.input.mouse?.disableContextMenu();
    this.input.on('pointerdown', (p: Phaser.Input.Pointer) => {
      if (p.rightButtonDown()) this.toggleWall(p.worldX, p.worldY);
      else this.dragFrom = { x: p.worldX, y: p.worldY };
    });
    this.input.on('pointermove', (p: Phaser.Input.Pointer) => {
      if (!this.dragFrom || !p.isDown) return;
      this.box.clear();
      if (Math.hypot(p.worldX - this.dragFrom.x, p.worldY - this.dragFrom.y) < DRAG_THRESHOLD) return;
      const r = this.rectFrom(this.dragFrom, p);
      this.box.fillStyle(0x7cff9a, 0.12).fillRect(r.x, r.y, r.width, r.height);
      this.box.lineStyle(1.5, 0x7cff9a, 0.9).strokeRect(r.x, r.y, r.width, r.height);
    });
    this.input.on('pointerup', (p: Phaser.Input.Pointer) => {
      const from = this.dragFrom;
      this.dragFrom = undefined;
      this.box.clear();
      if (!from || p.rightButtonReleased()) return;
      const additive = (p.event as MouseEvent | undefined)?.shiftKey === true;
      if (Math.hypot(p.worldX - from.x, p.worldY - from.y) >= DRAG_THRESHOLD) this.selectInBox(this.rectFrom(from, p), additive);
      else this.click(p.worldX, p.worldY, additive);
    });
    const keyboard = this.input.keyboard!;
    for (const planner of PLANNERS) keyboard.on(`keydown-${KEY_NAMES[planner.key]}`, () => this.choosePlanner(planner.id));
    keyboard.on('keydown-D', () => this.toggleDebug());
    keyboard.on('keydown-C', () => this.toggleCompare());
    keyboard.on('keydown-W', () => {
      const p = this.input.activePointer;
      this.toggleWall(p.worldX, p.worldY);
    });
  }

  private rectFrom(a: { x: number; y: number }, p: Phaser.Input.Pointer): Phaser.Geom.Rectangle {
    return new Phaser.Geom.Rectangle(Math.min(a.x, p.worldX), Math.min(a.y, p.worldY), Math.abs(p.worldX - a.x), Math.abs(p.worldY - a.y));
  }

  private click(x: number, y: number, additive: boolean): void {
    const picked = this.unitAt(x, y);
    if (picked) {
      if (!additive) for (const u of this.units) u.selected = false;
      picked.selected = additive ? !picked.selected : true;
      return;
    }
    if (this.compare) {
      this.setComparePoint(x / TILE_SIZE, y / TILE_SIZE);
      return;
    }
    this.orderSelected(x / TILE_SIZE, y / TILE_SIZE);
  }

  private unitAt(x: number, y: number): Unit | undefined {
    let best: Unit | undefined;
    let bestD = Infinity;
    for (const u of this.units) {
      const d = Math.hypot(u.sprite.x - x, u.sprite.y - y) / TILE_SIZE;
      if (d <= u.kind.radius + PICK_SLACK && d < bestD) [best, bestD] = [u, d];
    }
    return best;
  }

  private selectInBox(r: Phaser.Geom.Rectangle, additive: boolean): void {
    for (const u of this.units) {
      const inside = r.contains(u.sprite.x, u.sprite.y);
      u.selected = inside || (additive && u.selected);
    }
  }

  /**
   * Sends the selection to (x, y) (tiles) as one group order: the plugin gives each unit its own
   * free spot around the click, keeping the group's arrangement, and the units steer round each
   * other on the way.
   */
  private orderSelected(x: number, y: number): void {
    const chosen = this.units.filter((u) => u.selected);
    if (chosen.length === 0) {
      this.panel.say('Select a unit first: click it, or drag a box around several.');
      return;
    }
    this.send(chosen, { x, y }, chosen.length === 1 ? chosen[0]!.name : `${chosen.length} units`);
  }

  /** Orders `group` to `target` (tiles) with a planner, and follows each unit's order. */
  private send(group: readonly Unit[], target: { x: number; y: number }, label: string, plannerId = this.plannerId): void {
    const orders = this.pathing.moveTo(
      group.map((u) => u.sprite),
      target.x * TILE_SIZE,
      target.y * TILE_SIZE,
      plannerId,
      label,
    );
    group.forEach((u, i) => this.follow(u, orders[i]!, target, plannerId));
  }

  /** Keeps `u`'s goal, counters and last outcome in step with its order, and tells the panel what went wrong. */
  private follow(u: Unit, order: Order, target: { x: number; y: number }, plannerId: string): void {
    u.order = order;
    // The click until the path shows the unit's own spot around it.
    u.goal = target;
    u.ended = undefined;
    const finish = (): void => {
      if (u.order !== order) return;
      u.order = undefined;
      u.goal = undefined;
      u.ended = { status: order.state as 'arrived' | 'failed' | 'cancelled', seconds: this.seconds, ...(order.failure ? { failure: order.failure } : {}) };
    };
    order.on('start', () => {
      const end = this.pathing.currentPath(u.sprite)?.at(-1);
      if (end && u.order === order) u.goal = end;
    });
    order.on('arrive', finish);
    order.on('cancel', finish);
    let blocked = false;
    order.on('blocked', () => void (blocked = true));
    // Replans also follow a unit pushed off its path by others: only a wall's is worth a word.
    order.on('replan', () => {
      if (!blocked) return;
      blocked = false;
      u.replans++;
      this.panel.say(`${u.name} replanned around the new wall.`);
    });
    order.on('yield', () => void u.waits++);
    order.on('wait', () => void u.waits++);
    order.on('fail', (_unit, move) => {
      finish();
      if (u.kind.turningRadius > 0 && !plannerId.startsWith('directional') && move.failure === 'no-path') {
        // Smoothing a grid or any-angle path into curves can fail where a turning search finds a
        // way: the point of the directional planners. Show it, and still get the unit there.
        const name = PLANNERS.find((p) => p.id === plannerId)?.label ?? plannerId;
        this.panel.say(`${name} plus curves found no drivable path for ${u.name}; Directional takes over.`);
        this.send([u], target, u.name, 'directional-full');
        return;
      }
      if (move.failure === 'stuck') this.panel.say(`${u.name} gave up: other units kept it from its spot.`);
      else this.panel.say(`No path for ${u.name}: ${move.reason ?? move.failure ?? 'unknown'}.`);
    });
  }

  private choosePlanner(id: string): void {
    if (!this.pathing.isAvailable(id)) {
      this.panel.say(`${PLANNERS.find((p) => p.id === id)?.label ?? id} cannot plan on the map's tile costs; press C to compare it.`);
      return;
    }
    this.plannerId = id;
    this.panel.showPlanner(id);
  }

  private toggleDebug(): void {
    this.debug = !this.debug;
    this.pathing.setDebug(this.debug);
    this.panel.showDebug(this.debug);
  }

  private toggleCompare(): void {
    this.compare = this.compare ? undefined : { ...DEFAULT_COMPARE };
    if (this.compare) this.runComparison();
    else this.comparison.clear();
    this.panel.showCompare(this.compare !== undefined, this.compare?.entries);
  }

  private setComparePoint(x: number, y: number): void {
    if (!this.compare) return;
    if (this.compare.start && !this.compare.goal) this.compare.goal = { x, y };
    else this.compare = { start: { x, y } };
    this.runComparison();
    this.panel.showCompare(true, this.compare.entries);
  }

  private runComparison(): void {
    const c = this.compare!;
    c.entries = c.start && c.goal ? this.pathing.compare(c.start, c.goal) : undefined;
    drawComparison(this.comparison, PLANNERS, c.start, c.goal, c.entries);
  }

  private toggleWall(worldX: number, worldY: number): void {
    const { x, y } = Terrain.tileAt(worldX, worldY);
    const occupied = (tx: number, ty: number): boolean =>
      this.units.some((u) => {
        const cx = u.sprite.x / TILE_SIZE;
        const cy = u.sprite.y / TILE_SIZE;
        return Math.hypot(cx - Math.max(tx, Math.min(cx, tx + 1)), cy - Math.max(ty, Math.min(cy, ty + 1))) < u.kind.radius;
      });
    const change = this.terrain.toggleWall(x, y, occupied);
    if (!change) return;
    this.pathing.tilesChanged(x, y);
    if (this.compare?.entries) this.runComparison();
    this.panel.showCompare(this.compare !== undefined, this.compare?.entries);
  }

  private drawOverlays(): void {
    this.paths.clear();
    this.rings.clear();
    const colour = PLANNERS.find((p) => p.id === this.plannerId)?.colour ?? 0xffffff;
    for (const u of this.units) {
      const path = this.pathing.currentPath(u.sprite);
      if (path && path.length > 0 && u.goal) {
        this.paths.lineStyle(2.5, colour, 0.9).beginPath().moveTo(path[0]!.x * TILE_SIZE, path[0]!.y * TILE_SIZE);
        for (let i = 1; i < path.length; i++) this.paths.lineTo(path[i]!.x * TILE_SIZE, path[i]!.y * TILE_SIZE);
        this.paths.strokePath();
      }
      if (u.goal) {
        this.paths.lineStyle(2, 0xffffff, 0.9).strokeCircle(u.goal.x * TILE_SIZE, u.goal.y * TILE_SIZE, 4);
      }
      if (u.selected) {
        this.rings.lineStyle(2, 0x7cff9a, 1).strokeCircle(u.sprite.x, u.sprite.y, u.kind.radius * TILE_SIZE + 3);
      }
    }
  }

  private describe(u: Unit): HookUnit {
    return {
      id: u.id,
      name: u.name,
      kind: u.kind.name,
      x: u.sprite.x / TILE_SIZE,
      y: u.sprite.y / TILE_SIZE,
      heading: u.sprite.rotation,
      radius: u.kind.radius,
      moving: u.order !== undefined,
      selected: u.selected,
      goal: u.goal,
      path: (this.pathing.currentPath(u.sprite) ?? []).map((p) => ({ x: p.x, y: p.y })),
      replans: u.replans,
      waits: u.waits,
      ended: u.ended,
      worstOverlap: u.worstOverlap,
    };
  }

  /** Page (CSS pixel) coordinates of a point in tile units. */
  private toClient(x: number, y: number): { x: number; y: number } {
    const canvas = this.game.canvas.getBoundingClientRect();
    return {
      x: canvas.left + (x * TILE_SIZE * canvas.width) / this.scale.width,
      y: canvas.top + (y * TILE_SIZE * canvas.height) / this.scale.height,
    };
  }
}

/** Phaser's key names for the planner keys. */
const KEY_NAMES: Record<string, string> = { '1': 'ONE', '2': 'TWO', '3': 'THREE', '4': 'FOUR', '5': 'FIVE', '6': 'SIX', '7': 'SEVEN' };
