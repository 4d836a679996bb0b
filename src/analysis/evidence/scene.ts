// A picture as a list of rectangles and text runs: the waterfall is laid out once into a
// scene, then written as SVG (the HTML bundle, the Markdown's .svg) or rasterized (png.ts).
// Rectangles only (lines are thin rectangles), so the raster side stays a few lines.
import { escapeHtml } from '../text/html';

export interface SceneRect {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
}
export interface SceneText {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  bold?: boolean;
  /** Room the label has: the PNG's bitmap font (wider than the SVG's) stops there. */
  maxWidth?: number;
}
export type SceneShape = SceneRect | SceneText;

export interface Scene {
  width: number;
  height: number;
  background: string;
  /** What the picture shows, for screen readers (aria-label and <title>). */
  label: string;
  shapes: SceneShape[];
}

const n = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** A standalone SVG document. Text is escaped (numeric references, valid in XML and HTML). */
export function sceneSvg(scene: Scene): string {
  const label = escapeHtml(scene.label);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="evidence-figure" ` +
      `width="${n(scene.width)}" height="${n(scene.height)}" ` +
      `viewBox="0 0 ${n(scene.width)} ${n(scene.height)}" role="img" aria-label="${label}" ` +
      `font-family="system-ui, -apple-system, 'Segoe UI', sans-serif">`,
    `<title>${label}</title>`,
    `<rect x="0" y="0" width="${n(scene.width)}" height="${n(scene.height)}" fill="${scene.background}"/>`,
  ];
  for (const shape of scene.shapes) parts.push(shape.kind === 'rect' ? rectSvg(shape) : textSvg(shape));
  parts.push('</svg>');
  return parts.join('\n');
}

function rectSvg(r: SceneRect): string {
  return `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" fill="${r.fill}"/>`;
}

function textSvg(t: SceneText): string {
  const anchor = t.anchor && t.anchor !== 'start' ? ` text-anchor="${t.anchor}"` : '';
  const weight = t.bold ? ' font-weight="bold"' : '';
  return (
    `<text x="${n(t.x)}" y="${n(t.y)}" font-size="${n(t.size)}" fill="${t.fill}"` +
    `${anchor}${weight}>${escapeHtml(t.text)}</text>`
  );
}
