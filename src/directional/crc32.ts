/**
 * CRC-32 (the IEEE 802.3 polynomial, as zlib, PNG and ZIP use it): the checksum of a move-tables
 * file. It detects every single-bit error and every burst of up to 32 bits, which is what a
 * damaged download or disk gives; it is not a defence against a forger (nothing is signed).
 */

/** The reflected polynomial 0x04C11DB7. */
const POLYNOMIAL = 0xedb88320;

/**
 * The remainders of every byte value, and of a byte followed by 1 to 7 zero bytes (Intel's
 * slicing-by-8: eight bytes a step, about four times fewer dependent steps than a byte at a time
 * on a file of megabytes); built once on first use.
 */
let tables: Uint32Array | undefined;

function tablesOf(): Uint32Array {
  if (tables) return tables;
  tables = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? POLYNOMIAL ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) {
      const prev = tables[(k - 1) * 256 + n]!;
      tables[k * 256 + n] = (tables[prev & 0xff]! ^ (prev >>> 8)) >>> 0;
    }
  }
  return tables;
}

/**
 * The CRC-32 of `bytes` (an unsigned 32-bit integer), e.g. `crc32(new TextEncoder().encode('123456789'))`
 * is 0xCBF43926.
 */
export function crc32(bytes: Uint8Array): number {
  const t = tablesOf();
  let c = 0xffffffff;
  const n = bytes.length;
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    const lo = (c ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24))) >>> 0;
    c =
      t[1792 + (lo & 0xff)]! ^
      t[1536 + ((lo >>> 8) & 0xff)]! ^
      t[1280 + ((lo >>> 16) & 0xff)]! ^
      t[1024 + (lo >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^
      t[512 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < n; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
