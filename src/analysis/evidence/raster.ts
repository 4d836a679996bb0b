// A scene (scene.ts) as a PNG: rectangles filled on a pixel grid, text in the 3×5 bitmap
// font at twice its size (capitals only; a label runs up to its `maxWidth`), each colour
// once in the palette. The SVG stays the faithful picture; the PNG is for ticket systems
// that show only raster images.
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphRows } from './font';
import { encodePng } from './png';
import type { Scene, SceneRect, SceneText } from './scene';

/** Font pixels per glyph pixel: 6×10 pixel letters, 8 pixels apart. */
const FONT_SCALE = 2;
const ADVANCE = (GLYPH_WIDTH + 1) * FONT_SCALE;
/** Pixels a PNG may have, at most (outside data never asks for a bigger canvas). */
export const MAX_PNG_PIXELS = 16_000_000;

class Canvas {
  readonly pixels: Uint8Array;
  private readonly palette: [number, number, number][] = [];
  private readonly indexOf = new Map<string, number>();

  constructor(
    readonly width: number,
    readonly height: number,
    background: string,
  ) {
    this.pixels = new Uint8Array(width * height).fill(this.colour(background));
  }

  colour(hex: string): number {
    const known = this.indexOf.get(hex);
    if (known !== undefined) return known;
    const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
    const rgb: [number, number, number] = match
      ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)]
      : [0, 0, 0];
    if (this.palette.length === 256) return 0;
    this.palette.push(rgb);
    this.indexOf.set(hex, this.palette.length - 1);
    return this.palette.length - 1;
  }

  fill(x0: number, y0: number, x1: number, y1: number, colour: number): void {
    const left = Math.max(0, x0);
    const right = Math.min(this.width, x1);
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y++)
      this.pixels.fill(colour, y * this.width + left, y * this.width + Math.max(left, right));
  }

  png(): Uint8Array {
    return encodePng(this.width, this.height, this.pixels, this.palette);
  }
}

export function rasterizeScene(scene: Scene): Uint8Array {
  const width = Math.max(1, Math.round(scene.width));
  const height = Math.max(1, Math.round(scene.height));
  if (width * height > MAX_PNG_PIXELS)
    throw new Error(`rasterizeScene: ${width}×${height} is more than ${MAX_PNG_PIXELS} pixels`);
  const canvas = new Canvas(width, height, scene.background);
  for (const shape of scene.shapes) {
    if (shape.kind === 'rect') drawRect(canvas, shape);
    else drawText(canvas, shape);
  }
  return canvas.png();
}

function drawRect(canvas: Canvas, rect: SceneRect): void {
  const x0 = Math.round(rect.x);
  const y0 = Math.round(rect.y);
  // At least one pixel: a 0.4 ms phase is still drawn, as in the SVG.
  canvas.fill(
    x0,
    y0,
    Math.max(x0 + 1, Math.round(rect.x + rect.w)),
    Math.max(y0 + 1, Math.round(rect.y + rect.h)),
    canvas.colour(rect.fill),
  );
}

/** `y` is the baseline, as in SVG; letters sit on it. */
function drawText(canvas: Canvas, text: SceneText): void {
  const fit = text.maxWidth === undefined ? text.text.length : Math.floor((text.maxWidth + FONT_SCALE) / ADVANCE);
  const chars = [...text.text].slice(0, Math.max(0, fit));
  const span = chars.length * ADVANCE - FONT_SCALE;
  const left = Math.round(
    text.anchor === 'middle' ? text.x - span / 2 : text.anchor === 'end' ? text.x - span : text.x,
  );
  const top = Math.round(text.y) - GLYPH_HEIGHT * FONT_SCALE;
  const colour = canvas.colour(text.fill);
  chars.forEach((char, i) => {
    glyphRows(char).forEach((bits, row) => {
      for (let column = 0; column < GLYPH_WIDTH; column++) {
        if (!(bits & (1 << (GLYPH_WIDTH - 1 - column)))) continue;
        const x = left + i * ADVANCE + column * FONT_SCALE;
        const y = top + row * FONT_SCALE;
        canvas.fill(x, y, x + FONT_SCALE, y + FONT_SCALE, colour);
      }
    });
  });
}
