// The pure PNG encoder and the waterfall's raster form: a standard decoder (node's zlib)
// reads what it writes, checksums and all, and the pixels are where the scene put them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { sessionEvidence, renderEvidenceMarkdown } from '../../../src/analysis/evidence';
import { crc32, encodePng, zlibFixed } from '../../../src/analysis/evidence/png';
import { rasterizeScene } from '../../../src/analysis/evidence/raster';
import { waterfallScene } from '../../../src/analysis/evidence/waterfall-image';
import { readHar } from '../../../src/analysis/har';
import { PHASE_COLORS } from '../../../src/analysis/har/phase-colors';
import { healthySession } from '../session/fixtures';
import { GENERATED_AT, harOfSize } from './fixtures';

interface Decoded {
  width: number;
  height: number;
  rgb(x: number, y: number): string;
}

/** A minimal PNG reader for 8-bit palette images: chunk CRCs checked, IDAT inflated by zlib, filters 0 and 2 undone. */
function decodePng(png: Uint8Array): Decoded {
  const bytes = Buffer.from(png);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    assert.equal(
      bytes.readUInt32BE(at + 8 + length),
      zlibCrc32(bytes.subarray(at + 4, at + 8 + length)),
      `CRC of ${type}`,
    );
    chunks.set(type, bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const header = chunks.get('IHDR')!;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  assert.deepEqual([...header.subarray(8)], [8, 3, 0, 0, 0]);
  const raw = inflateSync(chunks.get('IDAT')!);
  assert.equal(raw.length, height * (width + 1));
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (width + 1)];
    assert.ok(filter === 0 || filter === 2, `filter ${filter}`);
    for (let x = 0; x < width; x++) {
      const value = raw[y * (width + 1) + 1 + x]!;
      pixels[y * width + x] = filter === 2 && y > 0 ? (value + pixels[(y - 1) * width + x]!) & 0xff : value;
    }
  }
  const palette = chunks.get('PLTE')!;
  const hex = (n: number): string => n.toString(16).padStart(2, '0');
  return {
    width,
    height,
    rgb: (x, y) => {
      const i = pixels[y * width + x]! * 3;
      return `#${hex(palette[i]!)}${hex(palette[i + 1]!)}${hex(palette[i + 2]!)}`;
    },
  };
}

test('deflate with fixed codes and runs: zlib inflates it back, byte for byte', () => {
  const data = new Uint8Array(70_000);
  for (let i = 0; i < data.length; i++) data[i] = i % 1000 < 600 ? 7 : (i * 2654435761) >>> 24;
  assert.deepEqual(new Uint8Array(inflateSync(zlibFixed(data))), data);
  assert.ok(zlibFixed(data).length < data.length / 2, 'runs are compressed');
  assert.deepEqual(new Uint8Array(inflateSync(zlibFixed(new Uint8Array(0)))), new Uint8Array(0));
  assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
});

test('a small image decodes to its pixels', () => {
  const pixels = Uint8Array.from([0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1]);
  const image = decodePng(
    encodePng(4, 3, pixels, [
      [255, 255, 255],
      [47, 127, 214],
    ]),
  );
  assert.deepEqual([image.width, image.height], [4, 3]);
  assert.deepEqual(
    [image.rgb(0, 0), image.rgb(1, 0), image.rgb(1, 1), image.rgb(3, 2)],
    ['#ffffff', '#2f7fd6', '#ffffff', '#2f7fd6'],
  );
});

test("the waterfall PNG: the scene's size, a white ground, each bar in its phase colour where the scene put it", () => {
  const { scene } = waterfallScene(readHar(harOfSize(20)), 'page_1');
  const image = decodePng(rasterizeScene(scene));
  assert.deepEqual([image.width, image.height], [scene.width, Math.round(scene.height)]);
  assert.equal(image.rgb(scene.width - 2, scene.height - 2), '#ffffff');
  const wait = scene.shapes.find((s) => s.kind === 'rect' && s.fill === PHASE_COLORS.wait && s.w > 4);
  assert.ok(wait?.kind === 'rect');
  assert.equal(image.rgb(Math.round(wait.x + wait.w / 2), Math.round(wait.y + wait.h / 2)), PHASE_COLORS.wait);
});

test('the Markdown shows the PNG and links the SVG', () => {
  const doc = sessionEvidence({
    session: healthySession(),
    pages: [{ pageId: 'page_1', har: harOfSize(5) }],
    generatedAt: GENERATED_AT,
  });
  const { markdown, files } = renderEvidenceMarkdown(doc, { filePrefix: 't' });
  assert.match(
    markdown,
    /!\[Waterfall of page 1 "Big page": 5 requests \\\(URLs from the redacted HAR\\\)\]\(t-waterfall-1\.png\)/,
  );
  assert.match(markdown, /\(\[SVG\]\(t-waterfall-1\.svg\)\)/);
  const png = files.find((f) => f.name === 't-waterfall-1.png');
  assert.ok(png?.content instanceof Uint8Array);
  assert.equal(decodePng(png.content).width, 1000);
});
