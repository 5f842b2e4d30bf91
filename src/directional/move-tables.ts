/**
 * Move tables as a file a game ships: the directional planner's moves for one unit profile
 * (every move's curve, cost and swept cells) take a fraction of a second to seconds to build on
 * a unit's first order (about 0.4 s for a reversing tank of turning radius 2, seconds at radius 4
 * with Directional-48). Built once by a tool (`headway tables`, or {@link exportMoveTables}) and
 * loaded at start ({@link loadMoveTables}), they cost a copy instead, and no unit waits for them.
 *
 * The format (version 2), little-endian: the bytes `HWMT`, the version (u16), the file's length
 * in bytes (u32, these 4 bytes and the checksum included), the move set's key (its profile's
 * geometry and costs, headings and neighbourhood: a file is used only by planners whose key it
 * matches), the typed arrays and the template curves, and last the CRC-32 of every byte before
 * it (u32). The checksum is checked before anything is read past the length, so a damaged file
 * (one flipped bit anywhere, the key's included) is refused whole and never loads under another
 * key. Version 1 files (without the checksum) are refused with a request to export them again.
 */
import { Grid } from '../grid/grid.js';
import { crc32 } from './crc32.js';
import { arcSegment, lineSegment, type Segment } from '../curves/segment.js';
import type { ResolvedProfile, UnitProfile } from '../unit/profile.js';
import { DirectionalPlanner, type DirectionalOptions } from './directional-planner.js';
import { moveSetKey, preloadMoveSet, ringsOf, type HeadingCount, type MoveSetData, type Neighborhood } from './hit-check.js';

const MAGIC = 'HWMT';
/** The format's version: a file of another version is refused, not misread (2 added the length and the checksum). */
const FORMAT_VERSION = 2;
/** Bytes before the key: the magic, the version and the length. */
const HEADER_BYTES = 10;
/** Bytes of the checksum at the end. */
const CHECKSUM_BYTES = 4;
const LINE = 0;
const ARC = 1;
/** The machine stores numbers little-endian, as the file does: arrays are copied as bytes (else element by element). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * What is wrong with bytes {@link loadMoveTables} refused:
 * - `not-move-tables`: they do not begin with `HWMT` (another file, or not a file at all);
 * - `version`: a move-tables file of another format version (export it again with `headway tables`);
 * - `truncated` / `too-long`: fewer or more bytes than the file says it has (cut short, or joined to something);
 * - `checksum`: the bytes are damaged (their CRC-32 is not the one the file was written with);
 * - `malformed`: a whole, undamaged file whose contents do not fit together (not written by this library).
 */
export type MoveTablesFault = 'not-move-tables' | 'version' | 'truncated' | 'too-long' | 'checksum' | 'malformed';

/**
 * The error {@link loadMoveTables} throws for bytes that are not a sound move-tables file of this
 * version: a `RangeError` whose `fault` says what is wrong and whose message says it in words.
 */
export class MoveTablesError extends RangeError {
  constructor(
    /** What is wrong with the bytes. */
    readonly fault: MoveTablesFault,
    message: string,
  ) {
    super(`move tables: ${message}`);
    this.name = 'MoveTablesError';
  }
}

/** What {@link loadMoveTables} loaded. */
export interface MoveTablesInfo {
  /** The key of the move set: which planners use it (profile geometry and costs, headings, neighbourhood). */
  readonly key: string;
  /** Moves in the set. */
  readonly moves: number;
}

/**
 * Builds the move tables the directional planner uses for `profile` (with the planner's default
 * headings and neighbourhood unless `options` says otherwise) and returns them as bytes to ship.
 * Runs in one call: a tool's job, not a frame's.
 *
 * @example
 * ```ts
 * writeFileSync('tank.hwmt', exportMoveTables({ turningRadius: 2, width: 0.8, reverse: true }));
 * ```
 * @throws RangeError or TypeError naming a bad profile field or option.
 */
export function exportMoveTables(profile: UnitProfile | ResolvedProfile, options: Pick<DirectionalOptions, 'headings' | 'neighborhood'> = {}): Uint8Array {
  const planner = new DirectionalPlanner(new Grid(1, 1), profile, options);
  const set = planner.moves;
  const key = moveSetKey(set.profile, set.headings, neighborhoodOf(set.rings));
  return encode(key, set.headings, neighborhoodOf(set.rings), set.toData());
}

/**
 * Loads move tables made by {@link exportMoveTables} (or `headway tables`): from now on every
 * directional planner whose profile, headings and neighbourhood match uses them instead of
 * building its own. A file for another profile does no harm: no planner asks for it.
 *
 * @example
 * ```ts
 * loadMoveTables(readFileSync('tank.hwmt')); // or, in Phaser, this.cache.binary.get('tank')
 * ```
 * @throws {@link MoveTablesError} (a RangeError) saying what is wrong with bytes that are not a
 *   whole, undamaged move-tables file of this version; nothing is loaded then. TypeError when
 *   `bytes` is neither a Uint8Array nor an ArrayBuffer.
 */
export function loadMoveTables(bytes: Uint8Array | ArrayBuffer): MoveTablesInfo {
  if (!(bytes instanceof Uint8Array) && !(bytes instanceof ArrayBuffer)) {
    throw new TypeError(`move tables must be a Uint8Array or an ArrayBuffer, got ${bytes === null ? 'null' : typeof bytes}`);
  }
  const file = preload(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  loadedFiles.set(file.key, file);
  for (const listener of [...loadListeners]) listener(file.key);
  return { key: file.key, moves: file.data.cost.length };
}

/**
 * Loads move tables passed on from another thread ({@link loadedMoveTables}), as
 * {@link loadMoveTables} does, but without passing them on again (a plan worker's host, which may
 * share its thread with the client in tests, would otherwise send them back and forth).
 * @throws as {@link loadMoveTables}.
 */
export function receiveMoveTables(bytes: Uint8Array): MoveTablesInfo {
  const file = preload(bytes);
  return { key: file.key, moves: file.data.cost.length };
}

function preload(bytes: Uint8Array): DecodedFile {
  const file = decode(bytes);
  preloadMoveSet(file.key, file.data);
  return file;
}

/** The files loaded in this thread, by key: their arrays are the planners' (not copies). */
const loadedFiles = new Map<string, DecodedFile>();
const loadListeners = new Set<(key: string) => void>();

/**
 * The move-tables files loaded in this thread so far ({@link loadMoveTables}), as bytes to pass
 * on to another thread, where planners have their own tables: the plan worker client sends them
 * to its workers, so a vehicle planned there uses them too. Each call encodes them again (a copy
 * and a checksum, milliseconds a file), so the bytes are the caller's to transfer.
 */
export function loadedMoveTables(): Uint8Array[] {
  return [...loadedFiles.keys()].map((key) => loadedMoveTablesOf(key)!);
}

/** The file of `key` loaded in this thread, encoded again (see {@link loadedMoveTables}), or undefined. */
export function loadedMoveTablesOf(key: string): Uint8Array | undefined {
  const file = loadedFiles.get(key);
  return file && encode(file.key, file.headings, file.neighborhood, file.data);
}

/**
 * Calls `listener` with the key of every move-tables file loaded in this thread from now on;
 * returns the function that stops it.
 */
export function onMoveTablesLoaded(listener: (key: string) => void): () => void {
  loadListeners.add(listener);
  return () => void loadListeners.delete(listener);
}

/** A file read back: its key, lattice and arrays. */
interface DecodedFile {
  key: string;
  headings: HeadingCount;
  neighborhood: Neighborhood;
  data: MoveSetData;
}

function neighborhoodOf(rings: number): Neighborhood {
  return rings === 1 ? 8 : rings === 2 ? 24 : 48;
}

/** Appends little-endian values to a growing buffer. */
class Writer {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  private at = 0;

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    let size = this.bytes.length;
    while (this.at + n > size) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.at));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.room(1);
    this.view.setUint8(this.at++, v);
  }

  u16(v: number): void {
    this.room(2);
    this.view.setUint16(this.at, v, true);
    this.at += 2;
  }

  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.at, v, true);
    this.at += 4;
  }

  f64(v: number): void {
    this.room(8);
    this.view.setFloat64(this.at, v, true);
    this.at += 8;
  }

  text(s: string): void {
    const b = new TextEncoder().encode(s);
    this.u32(b.length);
    this.room(b.length);
    this.bytes.set(b, this.at);
    this.at += b.length;
  }

  /** A typed array as its length and its elements. */
  array(a: Int8Array | Uint8Array | Int16Array | Int32Array | Float64Array): void {
    this.u32(a.length);
    const size = a.BYTES_PER_ELEMENT;
    this.room(a.length * size);
    if (LITTLE_ENDIAN) {
      this.bytes.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), this.at);
      this.at += a.byteLength;
      return;
    }
    for (let i = 0; i < a.length; i++) {
      const o = this.at + i * size;
      if (a instanceof Float64Array) this.view.setFloat64(o, a[i]!, true);
      else if (a instanceof Int32Array) this.view.setInt32(o, a[i]!, true);
      else if (a instanceof Int16Array) this.view.setInt16(o, a[i]!, true);
      else if (a instanceof Int8Array) this.view.setInt8(o, a[i]!);
      else this.view.setUint8(o, a[i]!);
    }
    this.at += a.length * size;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.at);
  }
}

/** Reads little-endian values, refusing to read past the end. */
class Reader {
  private readonly view: DataView;
  private at = 0;
  /**
   * What running out of bytes means: in the header, a file cut short; past the checksum, which
   * vouches for the bytes, contents that do not fit together.
   */
  fault: MoveTablesFault = 'truncated';

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(n: number, what: string): void {
    if (this.at + n > this.bytes.length) throw new MoveTablesError(this.fault, `the file ends inside ${what} (at byte ${this.at} of ${this.bytes.length})`);
  }

  u8(what: string): number {
    this.need(1, what);
    return this.view.getUint8(this.at++);
  }

  u16(what: string): number {
    this.need(2, what);
    const v = this.view.getUint16(this.at, true);
    this.at += 2;
    return v;
  }

  u32(what: string): number {
    this.need(4, what);
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }

  f64(what: string): number {
    this.need(8, what);
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }

  text(what: string): string {
    const n = this.u32(what);
    this.need(n, what);
    let s: string;
    try {
      s = new TextDecoder('utf-8', { fatal: true }).decode(this.bytes.subarray(this.at, this.at + n));
    } catch {
      throw new MoveTablesError('malformed', `${what} is not UTF-8 text`);
    }
    this.at += n;
    return s;
  }

  array<A extends Int8Array | Uint8Array | Int16Array | Int32Array | Float64Array>(make: (n: number) => A, what: string): A {
    const n = this.u32(what);
    // The length is checked before the array is made: a crafted count must not allocate gigabytes.
    const size = make(0).BYTES_PER_ELEMENT;
    this.need(n * size, what);
    const out = make(n);
    if (LITTLE_ENDIAN) {
      // A copy through bytes: the file's arrays need not sit on their element size.
      new Uint8Array(out.buffer, out.byteOffset, out.byteLength).set(this.bytes.subarray(this.at, this.at + n * size));
      this.at += n * size;
      return out;
    }
    for (let i = 0; i < n; i++) {
      const o = this.at + i * size;
      out[i] =
        out instanceof Float64Array
          ? this.view.getFloat64(o, true)
          : out instanceof Int32Array
            ? this.view.getInt32(o, true)
            : out instanceof Int16Array
              ? this.view.getInt16(o, true)
              : out instanceof Int8Array
                ? this.view.getInt8(o)
                : this.view.getUint8(o);
    }
    this.at += n * size;
    return out;
  }

  /** Where the next read starts. */
  get offset(): number {
    return this.at;
  }

  end(): void {
    if (this.at !== this.bytes.length) throw new MoveTablesError('malformed', `${this.bytes.length - this.at} bytes between the end of the tables and the checksum`);
  }
}

function encode(key: string, headings: HeadingCount, neighborhood: Neighborhood, d: Readonly<MoveSetData>): Uint8Array {
  const w = new Writer();
  for (const c of MAGIC) w.u8(c.charCodeAt(0));
  w.u16(FORMAT_VERSION);
  // The length, written once the size is known.
  w.u32(0);
  w.text(key);
  w.u8(headings);
  w.u8(neighborhood);
  w.u16(d.maxExtent);
  w.array(d.first);
  w.array(d.dx);
  w.array(d.dy);
  w.array(d.endHeading);
  w.array(d.cost);
  w.array(d.length);
  w.array(d.extent);
  w.array(d.cellFirst);
  w.array(d.cellX);
  w.array(d.cellY);
  w.array(d.templateOf);
  w.array(d.quarterTurns);
  w.array(d.lookup);
  w.u32(d.templates.length);
  for (const template of d.templates) {
    w.u16(template.length);
    for (const seg of template) {
      w.u8(seg.kind === 'line' ? LINE : ARC);
      w.u8(seg.reverse ? 1 : 0);
      w.f64(seg.x);
      w.f64(seg.y);
      w.f64(seg.heading);
      w.f64(seg.length);
      if (seg.kind === 'arc') {
        w.f64(seg.radius);
        w.u8(seg.turn === 1 ? 1 : 0);
      }
    }
  }
  w.u32(0);
  const bytes = w.done();
  const view = new DataView(bytes.buffer);
  view.setUint32(6, bytes.length, true);
  view.setUint32(bytes.length - CHECKSUM_BYTES, crc32(bytes.subarray(0, bytes.length - CHECKSUM_BYTES)), true);
  return bytes;
}

/**
 * The body of a sound file (everything between the length and the checksum): refuses, in this
 * order, bytes of another kind, another version, another length, and damaged bytes, so that
 * nothing is read from a file the checksum does not vouch for.
 */
function checkedBody(bytes: Uint8Array): Uint8Array {
  const r = new Reader(bytes);
  let magic = '';
  for (let i = 0; i < MAGIC.length; i++) magic += String.fromCharCode(r.u8('the file type'));
  if (magic !== MAGIC) throw new MoveTablesError('not-move-tables', 'not a move-tables file (it does not begin with HWMT)');
  const version = r.u16('the version');
  if (version === 1) {
    throw new MoveTablesError('version', 'format version 1 (from an older release, without a checksum); this library reads version 2: export them again with `headway tables` (or exportMoveTables)');
  }
  if (version !== FORMAT_VERSION) {
    throw new MoveTablesError('version', `format version ${version}, this library reads version ${FORMAT_VERSION}: export them again with \`headway tables\` (or exportMoveTables)`);
  }
  const declared = r.u32('the file length');
  if (bytes.length < declared) throw new MoveTablesError('truncated', `the file ends inside the tables: ${bytes.length} of the ${declared} bytes it declares (cut short?)`);
  if (bytes.length > declared) throw new MoveTablesError('too-long', `${bytes.length - declared} bytes after the end of the tables (the file declares ${declared})`);
  if (declared < HEADER_BYTES + CHECKSUM_BYTES) throw new MoveTablesError('checksum', `a length of ${declared} bytes leaves no room for the tables: the file is damaged`);
  const end = declared - CHECKSUM_BYTES;
  const stored = new DataView(bytes.buffer, bytes.byteOffset + end, CHECKSUM_BYTES).getUint32(0, true);
  const actual = crc32(bytes.subarray(0, end));
  if (stored !== actual) {
    throw new MoveTablesError('checksum', `the file is damaged: its CRC-32 is ${hex(actual)}, it was written with ${hex(stored)} (download or copy it again, or export it again with \`headway tables\`)`);
  }
  return bytes.subarray(HEADER_BYTES, end);
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`;
}

function decode(bytes: Uint8Array): DecodedFile {
  const body = checkedBody(bytes);
  try {
    return decodeBody(body);
  } catch (error) {
    // A segment the curve code refuses (a crafted file's numbers): the file's fault, said as such.
    if (error instanceof MoveTablesError || !(error instanceof RangeError || error instanceof TypeError)) throw error;
    throw new MoveTablesError('malformed', error.message);
  }
}

/** The key and arrays of a body the checksum vouched for. */
function decodeBody(body: Uint8Array): DecodedFile {
  const r = new Reader(body);
  r.fault = 'malformed';
  const key = r.text('the key');
  const headings = r.u8('the heading count');
  const neighborhood = r.u8('the neighbourhood');
  if (headings !== 8 && headings !== 16) throw new MoveTablesError('malformed', `heading count must be 8 or 16, got ${headings}`);
  if (neighborhood !== 8 && neighborhood !== 24 && neighborhood !== 48) throw new MoveTablesError('malformed', `neighbourhood must be 8, 24 or 48, got ${neighborhood}`);
  const maxExtent = r.u16('the largest extent');
  const data: MoveSetData = {
    first: r.array((n) => new Int32Array(n), 'first'),
    dx: r.array((n) => new Int8Array(n), 'dx'),
    dy: r.array((n) => new Int8Array(n), 'dy'),
    endHeading: r.array((n) => new Uint8Array(n), 'endHeading'),
    cost: r.array((n) => new Float64Array(n), 'cost'),
    length: r.array((n) => new Float64Array(n), 'length'),
    extent: r.array((n) => new Uint8Array(n), 'extent'),
    cellFirst: r.array((n) => new Int32Array(n), 'cellFirst'),
    cellX: r.array((n) => new Int16Array(n), 'cellX'),
    cellY: r.array((n) => new Int16Array(n), 'cellY'),
    templateOf: r.array((n) => new Int32Array(n), 'templateOf'),
    quarterTurns: r.array((n) => new Uint8Array(n), 'quarterTurns'),
    lookup: r.array((n) => new Int32Array(n), 'lookup'),
    templates: [],
    maxExtent,
  };
  const templates: (readonly Segment[])[] = [];
  const count = r.u32('the template count');
  for (let t = 0; t < count; t++) {
    const pieces = r.u16('a template');
    const segments: Segment[] = [];
    for (let i = 0; i < pieces; i++) {
      const kind = r.u8('a segment');
      const reverse = r.u8('a segment') === 1;
      const start = { x: r.f64('a segment'), y: r.f64('a segment'), heading: r.f64('a segment') };
      const length = r.f64('a segment');
      if (kind === LINE) segments.push(lineSegment(start, length, reverse));
      else if (kind === ARC) segments.push(arcSegment(start, r.f64('a segment'), r.u8('a segment') === 1 ? 1 : -1, length, reverse));
      else throw new MoveTablesError('malformed', `unknown segment kind ${kind} in template ${t}`);
    }
    templates.push(segments);
  }
  r.end();
  data.templates = templates;
  check(data, headings, neighborhood);
  return { key, headings, neighborhood, data };
}

/** Refuses arrays that do not fit together, so that a damaged file fails here and not inside a search. */
function check(d: MoveSetData, headings: number, neighborhood: Neighborhood): void {
  const n = d.cost.length;
  const rings = ringsOf(neighborhood);
  const side = 2 * rings + 1;
  const fail = (what: string): never => {
    throw new MoveTablesError('malformed', what);
  };
  if (d.first.length !== headings + 1 || d.first[0] !== 0 || d.first[headings] !== n) fail(`the move index does not cover the ${n} moves`);
  for (let k = 0; k < headings; k++) if (d.first[k]! > d.first[k + 1]!) fail('the move index goes backwards');
  for (const [name, a] of [['dx', d.dx], ['dy', d.dy], ['endHeading', d.endHeading], ['length', d.length], ['extent', d.extent], ['templateOf', d.templateOf], ['quarterTurns', d.quarterTurns]] as const) {
    if (a.length !== n) fail(`${name} has ${a.length} entries for ${n} moves`);
  }
  if (d.cellFirst.length !== n + 1 || d.cellFirst[0] !== 0 || d.cellFirst[n] !== d.cellX.length || d.cellX.length !== d.cellY.length) fail('the cell index does not cover the cells');
  for (let m = 0; m < n; m++) {
    if (d.cellFirst[m]! > d.cellFirst[m + 1]!) fail('the cell index goes backwards');
    if (Math.abs(d.dx[m]!) > rings || Math.abs(d.dy[m]!) > rings) fail(`move ${m} reaches beyond ${rings} rings`);
    if (d.endHeading[m]! >= headings) fail(`move ${m} ends at heading ${d.endHeading[m]} of ${headings}`);
    if (d.templateOf[m]! < 0 || d.templateOf[m]! >= d.templates.length || d.quarterTurns[m]! > 3) fail(`move ${m} names no template`);
    if (!(d.cost[m]! > 0) || !Number.isFinite(d.cost[m]!) || !(d.length[m]! >= 0)) fail(`move ${m} has cost ${d.cost[m]} and length ${d.length[m]}`);
    if (d.extent[m]! > d.maxExtent) fail(`move ${m} reaches past the largest extent`);
  }
  if (d.lookup.length !== headings * side * side * headings) fail('the move lookup has the wrong size');
  for (let i = 0; i < d.lookup.length; i++) if (d.lookup[i]! < 0 || d.lookup[i]! > n) fail('the move lookup names a move that is not there');
}
