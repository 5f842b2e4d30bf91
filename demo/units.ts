/**
 * The demo's three kinds of unit: what they are (footprint, turning radius, speed, where they may
 * go) and how they look (textures drawn on canvases at load, facing +x).
 */
import type * as Phaser from 'phaser';
import { TILE_SIZE } from './terrain.js';

export type UnitKindName = 'infantry' | 'tank' | 'ship';

/** A unit kind. Lengths in tiles, speeds in tiles per second. */
export interface UnitKind {
  readonly name: UnitKindName;
  /** Radius of the disc the unit occupies: it must never overlap a blocked tile. */
  readonly radius: number;
  /** Tightest turn the unit can drive; 0 turns on the spot. */
  readonly turningRadius: number;
  /** May drive backwards (tanks back out of dead ends). */
  readonly reverse: boolean;
  /** Sails on water only; land units never enter it. */
  readonly water: boolean;
  readonly speed: number;
  /** Sprite size in tiles (length along the heading, width across). */
  readonly length: number;
  readonly width: number;
}

export const UNIT_KINDS: Record<UnitKindName, UnitKind> = {
  infantry: { name: 'infantry', radius: 0.3, turningRadius: 0, reverse: false, water: false, speed: 3, length: 0.8, width: 0.8 },
  tank: { name: 'tank', radius: 0.75, turningRadius: 2, reverse: true, water: false, speed: 3, length: 1.6, width: 1.1 },
  ship: { name: 'ship', radius: 1.2, turningRadius: 4, reverse: false, water: true, speed: 4, length: 3.2, width: 1.4 },
};

/** The texture key of a kind's sprite. */
export const textureKey = (kind: UnitKindName): string => `unit-${kind}`;

/** Pixels per tile in the unit textures: drawn at twice the map's resolution so they stay crisp. */
const DETAIL = 2;

/** Draws the three unit textures into the scene's texture manager (once per game). */
export function drawUnitTextures(scene: Phaser.Scene): void {
  for (const kind of Object.values(UNIT_KINDS)) {
    const key = textureKey(kind.name);
    if (scene.textures.exists(key)) continue;
    const w = Math.ceil(kind.length * TILE_SIZE * DETAIL);
    const h = Math.ceil(kind.width * TILE_SIZE * DETAIL);
    const texture = scene.textures.createCanvas(key, w, h);
    if (!texture) throw new Error(`could not create the canvas texture ${key}`);
    const ctx = texture.getContext();
    ctx.lineJoin = 'round';
    DRAW[kind.name](ctx, w, h);
    texture.refresh();
  }
}

/** Sprites are drawn at {@link DETAIL} pixels per map pixel; this scale brings them back. */
export const UNIT_SPRITE_SCALE = 1 / DETAIL;

const DRAW: Record<UnitKindName, (ctx: CanvasRenderingContext2D, w: number, h: number) => void> = {
  infantry(ctx, w, h) {
    const r = Math.min(w, h) / 2 - 2;
    // Rifle along the heading, then the body and a helmet.
    ctx.fillStyle = '#2b2b2b';
    ctx.fillRect(w / 2, h / 2 + r * 0.25, r + 2, 3);
    ctx.beginPath();
    ctx.arc(w / 2, h / 2, r, 0, Math.PI * 2);
    ctx.fillStyle = '#e8e2c4';
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#1d2a12';
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(w / 2 + 1, h / 2, r * 0.55, 0, Math.PI * 2);
    ctx.fillStyle = '#4d6b2e';
    ctx.fill();
  },
  tank(ctx, w, h) {
    const track = h * 0.24;
    // Tracks, hull, turret and a barrel pointing along the heading.
    ctx.fillStyle = '#2c2c28';
    roundRect(ctx, 1, 1, w * 0.9 - 2, track, 3);
    roundRect(ctx, 1, h - track - 1, w * 0.9 - 2, track, 3);
    ctx.fillStyle = '#8a7d3c';
    ctx.strokeStyle = '#2f2a12';
    ctx.lineWidth = 2;
    roundRect(ctx, 3, track - 2, w * 0.9 - 6, h - 2 * track + 4, 4, true);
    ctx.fillStyle = '#2f2a12';
    ctx.fillRect(w * 0.45, h / 2 - 2.5, w * 0.55, 5);
    ctx.beginPath();
    ctx.arc(w * 0.42, h / 2, h * 0.24, 0, Math.PI * 2);
    ctx.fillStyle = '#a89a52';
    ctx.fill();
    ctx.stroke();
  },
  ship(ctx, w, h) {
    // A hull with a pointed bow at +x, a deck house and a wake-white outline.
    ctx.beginPath();
    ctx.moveTo(2, h * 0.2);
    ctx.lineTo(w * 0.68, 2);
    ctx.quadraticCurveTo(w - 2, h * 0.3, w - 2, h / 2);
    ctx.quadraticCurveTo(w - 2, h * 0.7, w * 0.68, h - 2);
    ctx.lineTo(2, h * 0.8);
    ctx.closePath();
    ctx.fillStyle = '#5d6670';
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#f2f4f6';
    ctx.stroke();
    ctx.fillStyle = '#c9ced4';
    roundRect(ctx, w * 0.18, h * 0.3, w * 0.3, h * 0.4, 3, false);
    ctx.fillStyle = '#39414a';
    ctx.beginPath();
    ctx.arc(w * 0.64, h / 2, h * 0.16, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillRect(w * 0.64, h / 2 - 2, w * 0.2, 4);
  },
};

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number, stroke = false): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
  if (stroke) ctx.stroke();
}
