// The HAR of `netmon har report`, read as a stream and redacted as it arrives: the parsed HAR
// is never held (a 148 MB HAR inflated from 95 KB of gzip once took 1.4 GB as objects), only
// the redacted JSON text that goes into the report, and that is capped: a report larger than
// REPORT_MAX_HAR_CHARS would not open in a browser anyway, so the read stops there and says so.
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { createGunzip } from 'node:zlib';
import { HarCounter } from '../analysis/har/entry-count';
import {
  HAR_SIZE_LIMIT_BYTES,
  harInflatesTooLargeMessage,
  harTooLargeMessage,
  harTooManyMessage,
  isGzip,
  megabytes,
} from '../analysis/har/limits';
import { createHarRedactStream, type RedactionReport } from '../analysis/har/redact';

/** The most HAR text (after redaction) a report embeds: 64 MB. */
export const REPORT_MAX_HAR_CHARS = 64 * 1024 * 1024;

export interface ReportHar {
  /** The HAR's JSON text escaped for a script element (escapeForScript), in pieces joined only into the report. */
  parts: string[];
  chars: number;
  /** The first page's title, if any. */
  title: string | undefined;
  /** Undefined with --no-redact. */
  report: RedactionReport | undefined;
}

export class ReportInputError extends Error {
  override name = 'ReportInputError';
}

/** Reads `path` (plain or gzip) within HAR_SIZE_LIMIT_BYTES read or inflated, redacting unless `redact` is false. */
export async function readHarForReport(
  path: string,
  redact: boolean,
  maxChars = REPORT_MAX_HAR_CHARS,
): Promise<ReportHar> {
  const name = basename(path);
  const stat = statSync(resolve(path));
  if (!stat.isFile()) throw new ReportInputError('not a file');
  if (stat.size > HAR_SIZE_LIMIT_BYTES)
    throw new ReportInputError(`${harTooLargeMessage(name, stat.size)}; export a single page`);
  let title: string | undefined;
  const stream = createHarRedactStream({
    passThrough: !redact,
    onMember: (key, value) => {
      if (key === 'pages' && title === undefined) title = firstTitle(value);
    },
  });
  const out: ReportHar = { parts: [], chars: 0, title: undefined, report: undefined };
  const emit = (text: string): void => {
    out.chars += text.length;
    if (out.chars > maxChars) {
      throw new ReportInputError(
        `${name} holds more than ${megabytes(maxChars)} of HAR${redact ? ' after redaction' : ''}, too much for one ` +
          `report page: export a single page, or use \`netmon har redact\` and open the result in VS Code`,
      );
    }
    if (text !== '') out.parts.push(escapeForScript(text));
  };
  for await (const chunk of textChunks(path, name)) emit(stream.write(chunk));
  const end = stream.end();
  emit(end.tail.trimEnd());
  out.title = title;
  out.report = redact ? end.report : undefined;
  return out;
}

/** The first page's title, as the report shows it (firstPageTitle in har-report.ts reads the same member). */
export function firstTitle(pages: unknown): string | undefined {
  const first: unknown = Array.isArray(pages) ? pages[0] : undefined;
  const title = typeof first === 'object' && first !== null ? (first as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title !== '' ? title : undefined;
}

/**
 * The file's text, a chunk at a time; gzip (by its magic bytes) inflated as it goes, within
 * the size limit and the count limits (the report's page parses the whole HAR: 45 million
 * empty entries fit in 64 MB and would freeze the browser that opens it).
 */
async function* textChunks(path: string, name: string): AsyncGenerator<string> {
  const gzip = startsWithGzip(path);
  const source = createReadStream(resolve(path), { highWaterMark: 1024 * 1024 });
  const bytes = gzip ? source.pipe(createGunzip({ chunkSize: 256 * 1024 })) : source;
  const decoder = new TextDecoder('utf-8');
  const counter = new HarCounter();
  let total = 0;
  try {
    for await (const chunk of bytes as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > HAR_SIZE_LIMIT_BYTES)
        throw new ReportInputError(
          gzip
            ? harInflatesTooLargeMessage(name)
            : `${name} is larger than the limit of ${megabytes(HAR_SIZE_LIMIT_BYTES)} for a HAR read whole`,
        );
      const over = counter.write(chunk);
      if (over !== undefined) throw new ReportInputError(harTooManyMessage(name, over));
      yield decoder.decode(chunk, { stream: true });
    }
  } catch (error) {
    if (error instanceof ReportInputError || !gzip) throw error;
    throw new ReportInputError(
      `${name} starts like gzip but cannot be decompressed (${error instanceof Error ? error.message : String(error)})`,
    );
  } finally {
    source.destroy();
  }
  yield decoder.decode();
}

function startsWithGzip(path: string): boolean {
  const fd = openSync(resolve(path), 'r');
  try {
    const head = new Uint8Array(2);
    return isGzip(head.subarray(0, readSync(fd, head, 0, 2, 0)));
  } finally {
    closeSync(fd);
  }
}

/** JSON text (`<`, U+2028 and U+2029 occur only inside its strings, where escapes mean the same). */
export function escapeForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
