// A small PNG encoder, pure (no zlib): 8-bit palette images, each row filtered "up" when it
// repeats the row above (a waterfall's rows mostly do) and compressed with deflate's fixed
// Huffman codes using only run-length matches (distance 1) — enough to make a chart of
// flat colours a few tens of kilobytes. CRC-32 and Adler-32 as the PNG and zlib specs say.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i++) {
    a = (a + bytes[i]!) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Bits, least significant first (deflate's order); Huffman codes are pushed most significant bit first. */
class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private used = 0;

  bits(value: number, count: number): void {
    for (let i = 0; i < count; i++) this.bit((value >>> i) & 1);
  }

  code(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bit((code >>> i) & 1);
  }

  finish(): Uint8Array {
    if (this.used > 0) this.bytes.push(this.current);
    return Uint8Array.from(this.bytes);
  }

  private bit(bit: number): void {
    this.current |= bit << this.used;
    if (++this.used === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.used = 0;
    }
  }
}

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];

/** A literal/length symbol in the fixed Huffman code (RFC 1951, 3.2.6). */
function symbol(out: BitWriter, sym: number): void {
  if (sym < 144) out.code(0x30 + sym, 8);
  else if (sym < 256) out.code(0x190 + sym - 144, 9);
  else if (sym < 280) out.code(sym - 256, 7);
  else out.code(0xc0 + sym - 280, 8);
}

/** A match of `length` (3..258) at distance 1: the previous byte repeated. */
function repeat(out: BitWriter, length: number): void {
  let index = LENGTH_BASE.length - 1;
  while (LENGTH_BASE[index]! > length) index--;
  symbol(out, 257 + index);
  out.bits(length - LENGTH_BASE[index]!, LENGTH_EXTRA[index]!);
  out.code(0, 5); // distance code 0: distance 1
}

/** A zlib stream (RFC 1950) of one fixed-Huffman deflate block. */
export function zlibFixed(data: Uint8Array): Uint8Array {
  const out = new BitWriter();
  out.bits(1, 1); // last block
  out.bits(1, 2); // fixed Huffman codes
  for (let i = 0; i < data.length;) {
    const value = data[i]!;
    symbol(out, value);
    let run = 0;
    while (i + 1 + run < data.length && data[i + 1 + run] === value && run < 258) run++;
    if (run >= 3) {
      repeat(out, run);
      i += 1 + run;
    } else i += 1;
  }
  symbol(out, 256);
  const body = out.finish();
  const stream = new Uint8Array(body.length + 6);
  stream.set([0x78, 0x01]);
  stream.set(body, 2);
  writeUint32(stream, body.length + 2, adler32(data));
  return stream;
}

function writeUint32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value >>> 24;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  writeUint32(bytes, 0, data.length);
  for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i);
  bytes.set(data, 8);
  writeUint32(bytes, 8 + data.length, crc32(bytes, 4, 8 + data.length));
  return bytes;
}

/** Rows prefixed with their filter: "up" (2) when a row differs from the one above in few bytes, else none (0). */
function filtered(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const out = new Uint8Array(height * (width + 1));
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * width, (y + 1) * width);
    const above = y > 0 ? pixels.subarray((y - 1) * width, y * width) : undefined;
    let same = 0;
    if (above) for (let x = 0; x < width; x++) if (row[x] === above[x]) same++;
    const up = above !== undefined && same * 2 > width;
    out[y * (width + 1)] = up ? 2 : 0;
    for (let x = 0; x < width; x++) out[y * (width + 1) + 1 + x] = up ? (row[x]! - above![x]!) & 0xff : row[x]!;
  }
  return out;
}

/** A PNG of `pixels` (one palette index per pixel, row by row) with `palette` colours as [r, g, b]. */
export function encodePng(
  width: number,
  height: number,
  pixels: Uint8Array,
  palette: readonly (readonly [number, number, number])[],
): Uint8Array {
  if (pixels.length !== width * height || palette.length === 0 || palette.length > 256)
    throw new Error('encodePng: pixels must be width × height palette indices of at most 256 colours');
  const header = new Uint8Array(13);
  writeUint32(header, 0, width);
  writeUint32(header, 4, height);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits, palette colour, deflate, adaptive filtering, no interlace
  const plte = Uint8Array.from(palette.flatMap((c) => [...c]));
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', zlibFixed(filtered(width, height, pixels))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
