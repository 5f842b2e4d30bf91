/**
 * Generates the demo's Tiled map (assets/demo-map.json) and its tileset image
 * (assets/demo-tiles.png). Seeded and deterministic: running it twice writes the same bytes.
 *
 *   npx tsx demo/tools/make-map.ts
 *
 * The map: a sea in the east with a bay where ships turn round, a wide river winding west to a
 * lake (ships' water), two bridges and a ford, a walled town with streets, a fort, roads joining
 * them, forests, and an open field where tanks show their turns. Every tile carries the terrain
 * kind's properties from demo/terrain.ts (collides, cost, speed, terrain, water).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { TERRAIN, TILE_SIZE, type TerrainName } from '../terrain.js';

const WIDTH = 80;
const HEIGHT = 64;
const SEED = 20240611;
const ASSETS = fileURLToPath(new URL('../../assets/', import.meta.url));

/** mulberry32: a small seeded generator, so the output never changes between runs. */
function makeRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = makeRandom(SEED);

/** Smooth value noise in [0, 1] with lattice spacing `scale` tiles, two octaves. */
function makeNoise(scale: number): (x: number, y: number) => number {
  const size = 64;
  const table = Float64Array.from({ length: size * size }, () => random());
  const at = (ix: number, iy: number): number => table[(((iy % size) + size) % size) * size + (((ix % size) + size) % size)]!;
  const smooth = (t: number): number => t * t * (3 - 2 * t);
  const octave = (x: number, y: number): number => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = smooth(x - ix);
    const fy = smooth(y - iy);
    const top = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * fx;
    const bottom = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * fx;
    return top + (bottom - top) * fy;
  };
  return (x, y) => (2 * octave(x / scale, y / scale) + octave((2 * x) / scale + 17, (2 * y) / scale + 31)) / 3;
}

const terrain: TerrainName[] = new Array<TerrainName>(WIDTH * HEIGHT).fill('grass');
const get = (x: number, y: number): TerrainName | undefined =>
  x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT ? undefined : terrain[y * WIDTH + x];
const set = (x: number, y: number, t: TerrainName): void => {
  if (x >= 0 && y >= 0 && x < WIDTH && y < HEIGHT) terrain[y * WIDTH + x] = t;
};
const isWater = (t: TerrainName | undefined): boolean => t === 'water' || t === 'deep' || t === 'shallow';
const rect = (x0: number, y0: number, w: number, h: number, t: TerrainName): void => {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) set(x, y, t);
};

// Grass with patches of meadow.
const meadow = makeNoise(6);
for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if (meadow(x, y) > 0.62) set(x, y, 'meadow');

// The sea: everything east of a wavy coastline, with a bay where the ships start so that a ship
// (turning radius 4, footprint 2.4) has room to turn round: at least 14 tiles of open water there.
// North of the bay the coast stays east of the comparison view's default goal (62.5, 8.5), and
// south of it east of the ruins.
const coast = makeNoise(9);
const BAY = { top: 10, bottom: 42, depth: 6 };
const bay = (y: number): number =>
  y <= BAY.top || y >= BAY.bottom ? 0 : BAY.depth * Math.sin((Math.PI * (y - BAY.top)) / (BAY.bottom - BAY.top)) ** 0.5;
for (let y = 0; y < HEIGHT; y++) {
  const shore = 66 + Math.round(coast(0, y) * 6 - bay(y));
  for (let x = shore; x < WIDTH; x++) set(x, y, 'water');
}

// The river: a smooth curve from the sea to the lake, wide enough for a ship to turn in its bends.
const river: [number, number][] = [
  [72, 40], [62, 38], [54, 33], [47, 30], [40, 31], [33, 28], [28, 22], [22, 17],
];
const RIVER_HALF_WIDTH = 5;
for (let i = 0; i + 1 < river.length; i++) {
  const [ax, ay] = river[i]!;
  const [bx, by] = river[i + 1]!;
  const steps = Math.ceil(Math.hypot(bx - ax, by - ay) * 4);
  for (let s = 0; s <= steps; s++) {
    const cx = ax + ((bx - ax) * s) / steps;
    const cy = ay + ((by - ay) * s) / steps;
    for (let y = Math.floor(cy - RIVER_HALF_WIDTH); y <= cy + RIVER_HALF_WIDTH; y++) {
      for (let x = Math.floor(cx - RIVER_HALF_WIDTH); x <= cx + RIVER_HALF_WIDTH; x++) {
        if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= RIVER_HALF_WIDTH) set(x, y, 'water');
      }
    }
  }
}

// The lake in the north-west.
for (let y = 0; y < HEIGHT; y++) {
  for (let x = 0; x < WIDTH; x++) {
    const d = Math.hypot((x + 0.5 - 16) / 12, (y + 0.5 - 13) / 8.5) + (coast(x + 40, y) - 0.5) * 0.25;
    if (d <= 1) set(x, y, 'water');
  }
}

// Deep water: at least three tiles from any land.
const near = (x: number, y: number, r: number, test: (t: TerrainName | undefined) => boolean): boolean => {
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (test(get(x + dx, y + dy))) return true;
  return false;
};
const landTest = (t: TerrainName | undefined): boolean => t !== undefined && !isWater(t);
for (let y = 0; y < HEIGHT; y++) {
  for (let x = 0; x < WIDTH; x++) if (get(x, y) === 'water' && !near(x, y, 2, landTest)) set(x, y, 'deep');
}

// Beaches: land touching water.
for (let y = 0; y < HEIGHT; y++) {
  for (let x = 0; x < WIDTH; x++) {
    const t = get(x, y)!;
    if (!isWater(t) && near(x, y, 1, (n) => n === 'water')) set(x, y, 'sand');
  }
}

// Bridges across the river, vertical (north-south), three tiles wide so that a tank's centre can
// stay on a tile centre with room on both sides, with road leading on.
const BRIDGE_WIDTH = 3;
const bridge = (x: number): void => {
  // Scan down from below the lake to the river's first water tile in this column.
  let y = 18;
  while (y < HEIGHT && !isWater(get(x, y))) y++;
  const start = y;
  while (y < HEIGHT && isWater(get(x, y))) y++;
  for (let i = 0; i < BRIDGE_WIDTH; i++) {
    for (let by = start; by < y; by++) set(x + i, by, 'bridge');
    set(x + i, start - 1, 'road');
    set(x + i, y, 'road');
  }
};
bridge(36);
bridge(56);

// The town in the south: blocks of houses between streets, a square in the middle.
const TOWN = { x: 30, y: 44, w: 30, h: 17 };
rect(TOWN.x, TOWN.y, TOWN.w, TOWN.h, 'road');
const houses: [number, number, number, number][] = [
  [31, 45, 5, 3], [38, 45, 4, 4], [44, 45, 6, 3], [52, 45, 3, 5], [56, 46, 3, 3],
  [31, 50, 3, 5], [35, 51, 4, 3], [51, 52, 4, 4], [56, 51, 3, 6],
  [31, 57, 6, 3], [39, 57, 3, 3], [44, 56, 5, 4], [51, 58, 4, 2],
];
for (const [x, y, w, h] of houses) rect(x, y, w, h, 'wall');
// The square (open) with a well.
rect(41, 51, 7, 4, 'sand');
set(44, 52, 'wall');

// The fort in the west: a square wall with two gates and a keep.
const FORT = { x: 6, y: 36, size: 14 };
for (let i = 0; i < FORT.size; i++) {
  set(FORT.x + i, FORT.y, 'wall');
  set(FORT.x + i, FORT.y + FORT.size - 1, 'wall');
  set(FORT.x, FORT.y + i, 'wall');
  set(FORT.x + FORT.size - 1, FORT.y + i, 'wall');
}
rect(FORT.x + 1, FORT.y + 1, FORT.size - 2, FORT.size - 2, 'road');
rect(FORT.x + FORT.size - 1, FORT.y + 5, 1, 4, 'road'); // east gate
rect(FORT.x + 5, FORT.y, 3, 1, 'road'); // north gate
rect(FORT.x + 5, FORT.y + 5, 4, 4, 'wall'); // keep

// Roads, three tiles wide like the bridges so that a tank keeps its footprint on them: from the
// fort's east gate east across the field, bending north at the west bridge's road (which runs on
// south into the town), and from the east bridge south into the town.
const ROAD_WIDTH = 3;
const road = (x0: number, y0: number, x1: number, y1: number): void =>
  rect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0) + ROAD_WIDTH, Math.abs(y1 - y0) + ROAD_WIDTH, 'road');
road(FORT.x + FORT.size, 41, 36, 41);
road(36, 36, 36, TOWN.y - ROAD_WIDTH);
road(56, 41, 56, TOWN.y - ROAD_WIDTH);

// A ford between the bridges: a road wades the river through shallow water (land units and ships
// both cross it), from the town's north street to the open ground north of the river.
const FORD_X = 42;
{
  // The river's extent over the ford's columns: from the first water north of the town's street
  // up to the last.
  let top = TOWN.y;
  let bottom = 0;
  for (let i = 0; i < ROAD_WIDTH; i++) {
    let y = TOWN.y - 1;
    while (y > 0 && !isWater(get(FORD_X + i, y))) y--;
    bottom = Math.max(bottom, y);
    while (y > 0 && isWater(get(FORD_X + i, y))) y--;
    top = Math.min(top, y + 1);
  }
  rect(FORD_X, top, ROAD_WIDTH, bottom - top + 1, 'shallow');
  road(FORD_X, bottom + 1, FORD_X, TOWN.y - ROAD_WIDTH);
  road(FORD_X, top - ROAD_WIDTH - 3, FORD_X, top - ROAD_WIDTH);
}

// A zig-zag of ruined walls in the middle: the corners any-angle paths cut past.
const ruins: [number, number, number, number][] = [
  [22, 30, 1, 7], [22, 30, 5, 1], [14, 27, 1, 5], [27, 38, 6, 1], [45, 37, 1, 5], [48, 39, 5, 1],
  [62, 50, 1, 8], [62, 50, 3, 1], [66, 55, 1, 5],
];
for (const [x, y, w, h] of ruins) rect(x, y, w, h, 'wall');

// Forests: noise blobs on open grass, away from the town, the fort and the field.
const woods = makeNoise(5);
const keepClear = (x: number, y: number): boolean =>
  (x >= TOWN.x - 2 && x < TOWN.x + TOWN.w + 2 && y >= TOWN.y - 2) ||
  (x >= FORT.x - 2 && x < FORT.x + FORT.size + 2 && y >= FORT.y - 2 && y < FORT.y + FORT.size + 2) ||
  (x >= 22 && x < 30 && y >= 54); // the open field's east edge stays grass
for (let y = 0; y < HEIGHT; y++) {
  for (let x = 0; x < WIDTH; x++) {
    const t = get(x, y)!;
    if ((t === 'grass' || t === 'meadow') && !keepClear(x, y) && woods(x + 100, y) > 0.64) set(x, y, 'forest');
  }
}

// Every free land tile must be reachable from every other, and every water tile likewise: fill the
// pockets a flood from a known tile does not reach (land pockets become wall, water ones sand).
function seal(startX: number, startY: number, passable: (t: TerrainName) => boolean, fill: TerrainName): void {
  const seen = new Uint8Array(WIDTH * HEIGHT);
  const stack = [startY * WIDTH + startX];
  seen[stack[0]!] = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % WIDTH;
    const y = (i - x) / WIDTH;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const t = get(x + dx, y + dy);
      const j = (y + dy) * WIDTH + x + dx;
      if (t !== undefined && passable(t) && !seen[j]) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  for (let i = 0; i < terrain.length; i++) if (!seen[i] && passable(terrain[i]!)) terrain[i] = fill;
}
seal(10, 58, (t) => !TERRAIN[t].collides, 'wall');
seal(78, 2, (t) => TERRAIN[t].water, 'sand');

// Where units start: an object layer the demo reads, so a level designer can move them in Tiled.
const spawns: { type: string; x: number; y: number; heading: number }[] = [
  { type: 'infantry', x: 12.5, y: 57.5, heading: 0 },
  { type: 'infantry', x: 14.5, y: 58.5, heading: 0 },
  { type: 'infantry', x: 12.5, y: 59.5, heading: 0 },
  { type: 'infantry', x: 14.5, y: 60.5, heading: 0 },
  { type: 'tank', x: 6, y: 54, heading: 0 },
  { type: 'tank', x: 6, y: 58, heading: 0 },
  { type: 'tank', x: 6, y: 62, heading: 0 },
  { type: 'ship', x: 73, y: 12, heading: Math.PI / 2 },
  { type: 'ship', x: 74, y: 26, heading: Math.PI },
];
for (const s of spawns) {
  const t = get(Math.floor(s.x), Math.floor(s.y));
  const wantWater = s.type === 'ship';
  if (t === undefined || TERRAIN[t].water !== wantWater || (!wantWater && TERRAIN[t].collides)) {
    throw new Error(`spawn ${s.type} at (${s.x}, ${s.y}) stands on ${t}`);
  }
}

const tileIds = Object.keys(TERRAIN) as TerrainName[];
const gid = (t: TerrainName): number => tileIds.indexOf(t) + 1;

const map = {
  compressionlevel: -1,
  width: WIDTH,
  height: HEIGHT,
  infinite: false,
  orientation: 'orthogonal',
  renderorder: 'right-down',
  tiledversion: '1.10.2',
  tilewidth: TILE_SIZE,
  tileheight: TILE_SIZE,
  type: 'map',
  version: '1.10',
  nextlayerid: 3,
  nextobjectid: spawns.length + 1,
  properties: [{ name: 'generator', type: 'string', value: 'demo/tools/make-map.ts' }],
  tilesets: [
    {
      firstgid: 1,
      name: 'terrain',
      image: 'demo-tiles.png',
      imagewidth: TILE_SIZE * tileIds.length,
      imageheight: TILE_SIZE,
      tilewidth: TILE_SIZE,
      tileheight: TILE_SIZE,
      tilecount: tileIds.length,
      columns: tileIds.length,
      margin: 0,
      spacing: 0,
      tiles: tileIds.map((name, id) => ({
        id,
        properties: [
          { name: 'collides', type: 'bool', value: TERRAIN[name].collides },
          { name: 'cost', type: 'float', value: TERRAIN[name].cost },
          { name: 'speed', type: 'float', value: TERRAIN[name].speed },
          { name: 'terrain', type: 'string', value: name },
          { name: 'water', type: 'bool', value: TERRAIN[name].water },
        ],
      })),
    },
  ],
  layers: [
    {
      id: 1,
      name: 'ground',
      type: 'tilelayer',
      x: 0,
      y: 0,
      width: WIDTH,
      height: HEIGHT,
      opacity: 1,
      visible: true,
      data: terrain.map(gid),
    },
    {
      id: 2,
      name: 'units',
      type: 'objectgroup',
      draworder: 'topdown',
      x: 0,
      y: 0,
      opacity: 1,
      visible: true,
      objects: spawns.map((s, i) => ({
        id: i + 1,
        name: `${s.type}-${i + 1}`,
        type: s.type,
        point: true,
        x: s.x * TILE_SIZE,
        y: s.y * TILE_SIZE,
        width: 0,
        height: 0,
        rotation: 0,
        visible: true,
        properties: [{ name: 'heading', type: 'float', value: Number(s.heading.toFixed(6)) }],
      })),
    },
  ],
};

// One row of tiles a line keeps the file readable and its diffs small.
const json = JSON.stringify(map, null, 2).replace(/"data": \[[^\]]*\]/, () => {
  const rows: string[] = [];
  for (let y = 0; y < HEIGHT; y++) rows.push('      ' + map.layers[0]!.data!.slice(y * WIDTH, (y + 1) * WIDTH).join(','));
  return `"data": [\n${rows.join(',\n')}\n      ]`;
});
writeFileSync(`${ASSETS}demo-map.json`, json + '\n');
writeFileSync(`${ASSETS}demo-tiles.png`, drawTileset(tileIds));
console.log(`wrote assets/demo-map.json (${WIDTH}x${HEIGHT}) and assets/demo-tiles.png (${tileIds.length} tiles)`);

// ---- The tileset image: 16x16 pixel art drawn here, written as a PNG. ----

type Rgb = readonly [number, number, number];

function drawTileset(names: readonly TerrainName[]): Buffer {
  const w = TILE_SIZE * names.length;
  const h = TILE_SIZE;
  const pixels = new Uint8Array(w * h * 4);
  const tileRandom = makeRandom(SEED + 1);
  names.forEach((name, index) => {
    const put = (x: number, y: number, [r, g, b]: Rgb): void => {
      if (x < 0 || y < 0 || x >= TILE_SIZE || y >= TILE_SIZE) return;
      const i = (y * w + index * TILE_SIZE + x) * 4;
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
      pixels[i + 3] = 255;
    };
    const fill = (base: Rgb, speckle: readonly Rgb[], density: number): void => {
      for (let y = 0; y < TILE_SIZE; y++) {
        for (let x = 0; x < TILE_SIZE; x++) {
          put(x, y, tileRandom() < density ? speckle[Math.floor(tileRandom() * speckle.length)]! : base);
        }
      }
    };
    const disc = (cx: number, cy: number, r: number, colour: Rgb): void => {
      for (let y = 0; y < TILE_SIZE; y++) {
        for (let x = 0; x < TILE_SIZE; x++) if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= r) put(x, y, colour);
      }
    };
    const grass: Rgb = [96, 146, 64];
    const grassSpeckle: Rgb[] = [[86, 134, 56], [108, 158, 72]];
    switch (name) {
      case 'grass':
        fill(grass, grassSpeckle, 0.15);
        break;
      case 'meadow':
        fill([106, 156, 70], [[96, 146, 64], [118, 166, 78]], 0.2);
        for (const [x, y] of [[3, 4], [11, 2], [7, 10], [13, 12], [2, 13]] as const) put(x, y, [236, 226, 120]);
        break;
      case 'sand':
        fill([222, 202, 148], [[208, 188, 134], [232, 214, 164]], 0.15);
        break;
      case 'road':
        fill([176, 150, 110], [[160, 136, 98], [190, 166, 126]], 0.15);
        break;
      case 'water':
      case 'deep':
      case 'shallow': {
        const base: Rgb = name === 'water' ? [66, 132, 196] : name === 'deep' ? [44, 98, 164] : [112, 170, 200];
        fill(base, [[base[0] - 6, base[1] - 6, base[2] - 6]], 0.2);
        const wave: Rgb = [base[0] + 40, base[1] + 40, base[2] + 34];
        for (const [x, y] of [[2, 4], [10, 9], [4, 13]] as const) for (let i = 0; i < 4; i++) put(x + i, y - (i === 1 || i === 2 ? 1 : 0), wave);
        break;
      }
      case 'bridge':
        for (let y = 0; y < TILE_SIZE; y++) {
          const plank: Rgb = y % 4 === 3 ? [94, 62, 34] : [150, 104, 62];
          for (let x = 0; x < TILE_SIZE; x++) put(x, y, plank);
        }
        for (let y = 0; y < TILE_SIZE; y++) {
          put(0, y, [70, 46, 26]);
          put(TILE_SIZE - 1, y, [70, 46, 26]);
        }
        break;
      case 'wall':
        for (let y = 0; y < TILE_SIZE; y++) {
          for (let x = 0; x < TILE_SIZE; x++) {
            const row = Math.floor(y / 4);
            const mortar = y % 4 === 3 || (x + (row % 2) * 4) % 8 === 7;
            put(x, y, mortar ? [72, 68, 66] : tileRandom() < 0.3 ? [138, 132, 126] : [124, 118, 112]);
          }
        }
        break;
      case 'forest':
        fill([70, 112, 48], grassSpeckle, 0.2);
        disc(5, 6, 4.5, [30, 84, 38]);
        disc(11.5, 10, 4.5, [30, 84, 38]);
        disc(5, 6, 3.2, [44, 110, 50]);
        disc(11.5, 10, 3.2, [44, 110, 50]);
        disc(4, 5, 1.2, [70, 140, 70]);
        disc(10.5, 9, 1.2, [70, 140, 70]);
        break;
      case 'barricade':
        fill(grass, grassSpeckle, 0.25);
        for (let y = 2; y < 14; y++) for (let x = 2; x < 14; x++) put(x, y, [196, 120, 44]);
        for (let i = 2; i < 14; i++) {
          put(i, 2, [110, 62, 20]);
          put(i, 13, [110, 62, 20]);
          put(2, i, [110, 62, 20]);
          put(13, i, [110, 62, 20]);
          put(i, i, [110, 62, 20]);
          put(15 - i, i, [110, 62, 20]);
        }
        break;
    }
  });
  return encodePng(w, h, pixels);
}

function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
