// One HAR page's waterfall as a picture: a label per request (status, method, host and
// path of the redacted URL), its phases as coloured bars on one time axis, the
// DOMContentLoaded and load marks, and a legend. At most maxWaterfallRows rows; the caption
// says how many were left out.
import { buildWaterfall, formatMs, phaseSegments, PHASES, type HarDocument, type WaterfallRow } from '../har';
import { PHASE_COLORS, PHASE_LABELS } from '../har/phase-colors';
import { EVIDENCE_LIMITS } from './model';
import { rasterizeScene } from './raster';
import { sceneSvg, type Scene, type SceneShape } from './scene';
import type { EvidenceImage } from './model';
import { line, plural } from './text';

const WIDTH = 1000;
const LABEL_WIDTH = 330;
const CHART_LEFT = LABEL_WIDTH + 10;
const CHART_WIDTH = WIDTH - CHART_LEFT - 20;
const ROW = 16;
const TOP = 46;
const LABEL_CHARS = 52;
const INK = '#1f2328';
const MUTED = '#59636e';
const GRID = '#d8dee4';
const ZEBRA = '#f6f8fa';
const CONTENT_LOADED = '#2f6fd6';
const LOADED = '#cf222e';
/** Legend spacing per character: the PNG's bitmap font (8 px), wider than the SVG's. */
const LEGEND_CHAR = 8;

export interface WaterfallPicture {
  scene: Scene;
  drawn: number;
  total: number;
}

export function waterfallScene(
  doc: HarDocument,
  pageId: string,
  maxRows: number = EVIDENCE_LIMITS.maxWaterfallRows,
): WaterfallPicture {
  const waterfall = buildWaterfall(doc, pageId);
  const rows = waterfall.rows.slice(0, maxRows);
  const span = Number.isFinite(waterfall.spanMs) ? Math.max(1, waterfall.spanMs) : 1;
  const x = (ms: number): number =>
    CHART_LEFT + (Number.isFinite(ms) ? Math.min(span, Math.max(0, ms)) / span : 0) * CHART_WIDTH;
  const bottom = TOP + rows.length * ROW;
  const shapes: SceneShape[] = [
    {
      kind: 'text',
      x: 8,
      y: 18,
      text: line(waterfall.page.title, 120) || 'Page',
      size: 13,
      fill: INK,
      bold: true,
      maxWidth: WIDTH - 16,
    },
    ...axis(span, x, bottom),
  ];
  rows.forEach((row, i) => shapes.push(...rowShapes(row, TOP + i * ROW, i, x)));
  const marks: [number | undefined, string][] = [
    [waterfall.onContentLoad, CONTENT_LOADED],
    [waterfall.onLoad, LOADED],
  ];
  for (const [at, colour] of marks)
    if (at !== undefined)
      shapes.push({ kind: 'rect', x: x(at), y: TOP - 4, w: 1.5, h: bottom - TOP + 4, fill: colour });
  const left = waterfall.rows.length - rows.length;
  let y = bottom + 18;
  if (left > 0) {
    shapes.push({
      kind: 'text',
      x: 8,
      y,
      text: `… ${plural(left, 'more request')} not drawn (limit ${maxRows})`,
      size: 11,
      fill: MUTED,
    });
    y += 18;
  }
  shapes.push(...legend(y));
  const label =
    `Waterfall of ${line(waterfall.page.title, 120) || 'a page'}: ` +
    `${plural(waterfall.rows.length, 'request')} over ${formatMs(waterfall.spanMs)}`;
  return {
    scene: { width: WIDTH, height: y + 16, background: '#ffffff', label, shapes },
    drawn: rows.length,
    total: waterfall.rows.length,
  };
}

/** Grid lines and times at round steps (1, 2 or 5 × 10^k ms), about six across. */
function axis(span: number, x: (ms: number) => number, bottom: number): SceneShape[] {
  const rough = span / 6;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  const shapes: SceneShape[] = [];
  for (let t = 0; t <= span; t += step) {
    shapes.push({ kind: 'rect', x: x(t), y: TOP - 4, w: 1, h: bottom - TOP + 4, fill: GRID });
    shapes.push({
      kind: 'text',
      x: x(t),
      y: TOP - 8,
      text: t === 0 ? '0' : formatMs(t),
      size: 10,
      fill: MUTED,
      anchor: 'middle',
    });
  }
  return shapes;
}

function rowShapes(row: WaterfallRow, top: number, index: number, x: (ms: number) => number): SceneShape[] {
  const { entry } = row;
  const shapes: SceneShape[] = [];
  if (index % 2 === 1) shapes.push({ kind: 'rect', x: 0, y: top, w: WIDTH, h: ROW, fill: ZEBRA });
  const status = entry.status > 0 ? String(entry.status) : 'ERR';
  const where = line(`${entry.host}${entry.path}`, LABEL_CHARS) || line(entry.url, LABEL_CHARS);
  shapes.push({
    kind: 'text',
    x: 8,
    y: top + 12,
    text: `${status} ${line(entry.method, 8)} ${where}`,
    size: 10.5,
    maxWidth: LABEL_WIDTH - 8,
    fill: entry.status >= 400 || entry.status <= 0 ? LOADED : INK,
  });
  const segments = phaseSegments(row);
  if (segments.length === 0)
    shapes.push({ kind: 'rect', x: x(row.offsetMs), y: top + 4, w: 1, h: ROW - 8, fill: MUTED });
  for (const s of segments)
    shapes.push({
      kind: 'rect',
      x: x(s.startMs),
      y: top + 3,
      w: Math.max(1, x(s.startMs + s.durationMs) - x(s.startMs)),
      h: ROW - 6,
      fill: PHASE_COLORS[s.phase],
    });
  return shapes;
}

function legend(y: number): SceneShape[] {
  const shapes: SceneShape[] = [];
  let left = 8;
  for (const phase of PHASES) {
    shapes.push({ kind: 'rect', x: left, y: y - 9, w: 10, h: 10, fill: PHASE_COLORS[phase] });
    shapes.push({ kind: 'text', x: left + 14, y, text: PHASE_LABELS[phase], size: 10.5, fill: INK });
    left += 26 + PHASE_LABELS[phase].length * LEGEND_CHAR;
  }
  shapes.push({ kind: 'rect', x: left, y: y - 9, w: 2, h: 10, fill: CONTENT_LOADED });
  shapes.push({ kind: 'text', x: left + 6, y, text: 'DOMContentLoaded', size: 10.5, fill: INK });
  left += 20 + 'DOMContentLoaded'.length * LEGEND_CHAR;
  shapes.push({ kind: 'rect', x: left, y: y - 9, w: 2, h: 10, fill: LOADED });
  shapes.push({ kind: 'text', x: left + 6, y, text: 'Load', size: 10.5, fill: INK });
  return shapes;
}

/** The waterfall of one page of a (redacted) HAR as a bundle image; `omission` when rows were left out. */
export function waterfallImage(
  doc: HarDocument,
  pageId: string,
  name: string,
  what: string,
): { image: EvidenceImage; omission?: string } {
  const { scene, drawn, total } = waterfallScene(doc, pageId);
  const shown = drawn < total ? `the first ${drawn} of ${plural(total, 'request')}` : plural(total, 'request');
  const image: EvidenceImage = {
    name,
    caption: `Waterfall of ${what}: ${shown} (URLs from the redacted HAR)`,
    svg: sceneSvg(scene),
    png: rasterizeScene(scene),
    width: scene.width,
    height: scene.height,
  };
  return drawn < total
    ? {
        image,
        omission:
          `Waterfall of ${what}: ${total - drawn} of ${total} requests not drawn (limit ${drawn}); ` +
          `the HAR lists them all.`,
      }
    : { image };
}
