// What exporters say about why a request was made and when the page first painted: the
// critical path follows initiators where the HAR has them, and render-blocking findings
// need a first paint. Every walk over the untrusted stack is bounded.
import { asArray, asNumber, asRecord, type Json } from './narrow';

/** Frames and async parents looked at in a Chrome initiator stack: the URL is in the first few. */
const MAX_FRAMES = 20;
const MAX_PARENTS = 5;

/**
 * The initiator's URL: browsertime and WebPageTest write it as a string; Chrome writes
 * `{ type, url }` for the parser and `{ type: 'script', stack: { callFrames, parent } }` for scripts.
 */
export function initiatorUrl(value: unknown): string {
  if (typeof value === 'string') return value;
  const initiator = asRecord(value);
  if (typeof initiator.url === 'string' && initiator.url !== '') return initiator.url;
  let stack = asRecord(initiator.stack);
  for (let depth = 0; depth < MAX_PARENTS; depth++) {
    const frames = asArray(stack.callFrames);
    for (let i = 0; i < frames.length && i < MAX_FRAMES; i++) {
      const url = asRecord(frames[i]).url;
      if (typeof url === 'string' && url !== '') return url;
    }
    stack = asRecord(stack.parent);
  }
  return '';
}

/** First paint in ms from the page start, when the exporter measured it. */
export function firstPaintOf(page: Json): { firstPaint?: number } {
  const timings = asRecord(page.pageTimings);
  const candidates = [
    timings._startRender,
    page._render,
    timings._firstPaint,
    asRecord(page._visualMetrics).FirstVisualChange,
  ];
  for (const candidate of candidates) {
    const ms = asNumber(candidate, -1);
    if (ms > 0) return { firstPaint: ms };
  }
  return {};
}
