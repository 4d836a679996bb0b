// `netmon har redact <in.har> -o <out.har>`: a copy of a HAR without its secrets, to attach
// to a ticket. Streams any size in bounded memory: file (gunzipped when its first bytes say
// gzip) → streaming UTF-8 decode → the pure stream redactor → (gzip) → the safe writer's
// temporary file renamed over -o at the end (src/files/safe-write.ts), so a failure leaves nothing half written. The
// summary and the
// --report file say what was removed and where, never the values.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import {
  createHarRedactStream,
  formatRedactionSummary,
  HarRedactError,
  REDACTION_RULES,
  type RedactionReport,
  type RedactOptions,
} from '../analysis/har/redact';
import { formatBytes } from '../analysis/har/format';
import { terminalSafe, untrustedLine } from '../analysis/text/untrusted';
import type { HarCliIo } from './har-report';
import {
  checkOutputSets,
  FOLLOW_LINKS_USAGE,
  linkCheckRoot,
  OutputFileError,
  writeOutputFile,
  writeOutputStream,
} from './output-file';

export const HAR_REDACT_USAGE =
  `usage: netmon har redact <in.har[.gz]|in.zhar> -o ` +
  `<out.har[.gz]|-> [--keep-cookies] [--keep <name> …] [--keep-bodies] [--report <report.json>] ` +
  `[--force] [--follow-links]
  Writes a copy of the HAR without secrets, to attach to a ticket: cookie values, Authorization
  credentials, headers and URL, form and JSON fields named like secrets (token, key, session,
  password, csrf, signature, …), JWTs and long random tokens, user:password in URLs, and
  response bodies. Timings, sizes, statuses, header names and the shape of URLs stay.
  Streams (any size). A gzip input is recognized by its first bytes; -o *.gz or *.zhar is
  written compressed; -o - writes to standard output (the summary then goes to stderr).
  --keep-cookies     keep cookie values
  --keep <name>      keep this header, parameter, cookie or field verbatim (repeat, or a,b; any case)
  --keep-bodies      keep response bodies (secret-named JSON fields and JWTs in them still go)
  --report <file>    write what was removed, rule by rule and where (never the values), as JSON
  --force            overwrite an existing output or report file
${FOLLOW_LINKS_USAGE}
  Exit 0 when written, 2 on a usage error or an unreadable or malformed input (no output is left).`;

interface RedactArgs {
  input: string;
  output: string;
  report?: string;
  force: boolean;
  /** --follow-links: a link among the folders of -o (or --report) below the current folder is meant. */
  followLinks: boolean;
  options: RedactOptions;
}

function parseArgs(args: readonly string[]): RedactArgs | string {
  const positional: string[] = [];
  const keep: string[] = [];
  const options: RedactOptions = {};
  let output: string | undefined;
  let report: string | undefined;
  let force = false;
  let followLinks = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const takesValue = ['-o', '--out', '--keep', '--report'].includes(arg);
    const value = takesValue ? args[++i] : undefined;
    if (takesValue && (value === undefined || value === '')) return `${arg} needs a value`;
    if (arg === '-o' || arg === '--out') output = value;
    else if (arg === '--report') report = value;
    else if (arg === '--keep')
      keep.push(
        ...(value ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      );
    else if (arg === '--keep-cookies') options.keepCookies = true;
    else if (arg === '--keep-bodies') options.keepBodies = true;
    else if (arg === '--force') force = true;
    else if (arg === '--follow-links') followLinks = true;
    else if (arg.startsWith('-') && arg !== '-') return `unknown option ${untrustedLine(arg, 60)}`;
    else positional.push(arg);
  }
  if (positional.length !== 1)
    return positional.length === 0 ? 'which HAR? give one input file' : `one input file, not ${positional.length}`;
  if (output === undefined) return 'where to? give -o <out.har> (or -o - for standard output)';
  if (keep.length > 0) options.keep = keep;
  return {
    input: positional[0] ?? '',
    output,
    ...(report !== undefined ? { report } : {}),
    force,
    followLinks,
    options,
  };
}

export async function runHarRedact(
  args: readonly string[],
  io: HarCliIo,
  stdout: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(HAR_REDACT_USAGE);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`netmon har redact: ${parsed}\n${HAR_REDACT_USAGE}`);
    return 2;
  }
  const say = parsed.output === '-' ? io.stderr : io.stdout;
  let result: { report: RedactionReport; bytes: number };
  try {
    for (const target of [parsed.output === '-' ? undefined : parsed.output, parsed.report])
      if (target !== undefined) checkDestination(target, parsed);
    result = await redactFile(parsed, stdout);
  } catch (error) {
    io.stderr(terminalSafe(`netmon har redact: ${failureMessage(error, parsed)}`));
    return 2;
  }
  if (parsed.report !== undefined) {
    try {
      writeOutputFile(parsed.report, `${JSON.stringify(reportFile(parsed, result.report), null, 2)}\n`, {
        force: parsed.force,
        root: linkCheckRoot(parsed.report, parsed.followLinks),
      });
    } catch (error) {
      io.stderr(
        terminalSafe(
          `netmon har redact: wrote ${parsed.output} but not the report: ` +
            `${error instanceof Error ? error.message : String(error)}`,
        ),
      );
      return 2;
    }
  }
  const where = parsed.output === '-' ? 'standard output' : `${parsed.output} (${formatBytes(result.bytes)})`;
  say(terminalSafe(`wrote ${where} from ${basename(parsed.input)}`));
  for (const line of formatRedactionSummary(result.report)) say(untrustedLine(line, 300));
  if (parsed.report !== undefined) say(terminalSafe(`report: ${parsed.report}`));
  return 0;
}

/** The checks of writeOutputFile, made before the work rather than after it. */
function checkDestination(path: string, args: RedactArgs): void {
  const target = resolve(path);
  const root = linkCheckRoot(path, args.followLinks);
  const main = { name: basename(target), content: '' };
  checkOutputSets([{ folder: dirname(target), main, ...(root ? { root } : {}) }], { force: args.force });
}

async function redactFile(
  args: RedactArgs,
  stdout: NodeJS.WritableStream,
): Promise<{ report: RedactionReport; bytes: number }> {
  const input = resolve(args.input);
  if (!(await stat(input)).isFile()) throw new InputError('is not a file');
  const head = await firstBytes(input, 4);
  const redactor = createHarRedactStream(args.options);
  let report: RedactionReport | undefined;
  async function* redacted(): AsyncGenerator<string> {
    const decoder = new TextDecoder(head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : 'utf-8', { fatal: true });
    let bytes = 0;
    for await (const chunk of inputChunks(input, head[0] === 0x1f && head[1] === 0x8b)) {
      const out = redactor.write(decodeChunk(decoder, chunk, bytes));
      bytes += chunk.length;
      if (out !== '') yield out;
    }
    const out = redactor.write(decodeChunk(decoder, undefined, bytes));
    const end = redactor.end();
    report = end.report;
    yield out + end.tail;
  }
  let bytes = 0;
  const write = { force: args.force, root: linkCheckRoot(args.output, args.followLinks) };
  if (args.output === '-') await pipeline(redacted(), toStdout(stdout));
  else if (/\.(gz|zhar)$/i.test(args.output))
    bytes = await writeOutputStream(args.output, (sink) => pipeline(redacted(), createGzip(), sink), write);
  else bytes = await writeOutputStream(args.output, (sink) => pipeline(redacted(), sink), write);
  if (!report) throw new Error('the redaction did not finish');
  return { report, bytes };
}

/** The file's bytes, gunzipped when it is gzip; the read stream is closed however the reading ends. */
async function* inputChunks(path: string, gzipped: boolean): AsyncGenerator<Buffer> {
  const file = createReadStream(path, { highWaterMark: 1 << 16 });
  try {
    if (!gzipped) {
      yield* file;
      return;
    }
    const gunzip = createGunzip();
    file.on('error', (error) => gunzip.destroy(error));
    yield* file.pipe(gunzip);
  } finally {
    file.destroy();
  }
}

function decodeChunk(
  decoder: InstanceType<typeof TextDecoder>,
  chunk: Buffer | undefined,
  bytesBefore: number,
): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    throw new InputError(
      `is not ${decoder.encoding === 'utf-8' ? 'UTF-8' : 'UTF-16'} text (invalid bytes after byte ${bytesBefore})`,
    );
  }
}

/**
 * Standard output as a pipeline's last stage: not ended (it is the process's), its errors (EPIPE) fail the pipeline.
 */
function toStdout(stdout: NodeJS.WritableStream): Writable {
  const onError = (error: Error): void => {
    sink.destroy(error);
  };
  const sink: Writable = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (stdout.write(chunk)) done();
      else stdout.once('drain', () => done());
    },
    final(done) {
      stdout.off('error', onError);
      done();
    },
    destroy(error, done) {
      stdout.off('error', onError);
      done(error);
    },
  });
  stdout.on('error', onError);
  return sink;
}

async function firstBytes(path: string, count: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A problem with the input file itself (as opposed to the output or the system). */
class InputError extends Error {}

const FS_CODES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'not a file',
  ENOTDIR: 'no such file',
  ENOSPC: 'no space left on the device',
  EROFS: 'read-only file system',
};

function failureMessage(error: unknown, args: RedactArgs): string {
  const name = basename(args.input);
  if (error instanceof OutputFileError) return error.message;
  if (error instanceof HarRedactError) return `${name} is not a valid HAR: ${error.message}`;
  if (error instanceof InputError) return `${name} ${error.message}`;
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EPIPE') return 'standard output was closed before the HAR was written';
  if (code.startsWith('Z_') || /unexpected end of file|incorrect header check/i.test(message))
    return `cannot read ${name}: the gzip data is damaged or truncated (${message})`;
  const path =
    typeof error === 'object' && error !== null && 'path' in error ? String((error as { path: unknown }).path) : '';
  const reason = FS_CODES[code];
  if (reason)
    return path === '' || path === resolve(args.input)
      ? `cannot read ${args.input}: ${reason}`
      : `cannot write ${args.output}: ${reason}`;
  return message;
}

/** The --report file: the rules as data, and for each what it removed and where. */
function reportFile(args: RedactArgs, report: RedactionReport): unknown {
  return {
    tool: 'netmon har redact',
    input: basename(args.input),
    output: args.output === '-' ? '-' : basename(args.output),
    options: {
      keepCookies: args.options.keepCookies === true,
      keepBodies: args.options.keepBodies === true,
      keep: args.options.keep ?? [],
    },
    entries: report.entries,
    total: report.total,
    rules: REDACTION_RULES.map((rule) => ({
      id: rule.id,
      description: rule.description,
      matches: rule.matches,
      ...report.rules[rule.id],
    })),
  };
}
