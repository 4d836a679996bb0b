// Redacting a HAR of any size in bounded memory, still pure: text in, text out, no node
// streams. A small scanner walks the containers (the root, `har`, `log`) character by
// character, tracking only JSON string/escape state and bracket depth; each element of
// an entries array, and each other member (version, creator, pages, …), is captured as raw
// text, JSON.parse'd, redacted by the same functions as redactHar, and emitted. Memory is
// bounded by the largest single entry (maxValueChars). Chunk boundaries may fall anywhere
// (mid-escape, mid-surrogate): the state carries over and the captured pieces are joined.
// Output: compact JSON equal to JSON.stringify(redactHar(JSON.parse(input)).har), then a newline.
import { MAX_JSON_DEPTH } from '../../../api/types';
import { formatBytes } from '../format';
import { createContext, type RedactContext, type RedactOptions } from './context';
import { redactEntryIn } from './entry';
import { memberKind, redactMember, type HarContainer } from './har';
import { createReport, type RedactionReport } from './report';
import { MAX_STREAM_VALUE_CHARS } from './rules';
import { captureChars, describePosition, type Capture, type Frame } from './scan';

export class HarRedactError extends Error {
  override name = 'HarRedactError';
  /** Characters (UTF-16 code units) from the start of the text. */
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

export interface HarRedactStreamOptions extends RedactOptions {
  /** The largest entry (or other log member) held at once; default MAX_STREAM_VALUE_CHARS. */
  maxValueChars?: number;
  /** Check and re-emit the HAR without redacting it (`har report --no-redact`). */
  passThrough?: boolean;
  /** Told each member that is not a container or entries (pages, creator, …) as emitted. */
  onMember?: (key: string, value: unknown) => void;
}

export interface HarRedactStream {
  /** Feeds the next piece of the HAR text; returns the output ready to emit (may be ''). */
  write(chunk: string): string;
  /** Checks the HAR was complete; returns the last output and what was removed. */
  end(): { tail: string; report: RedactionReport };
}

export function createHarRedactStream(options: HarRedactStreamOptions = {}): HarRedactStream {
  return new StreamRedactor(options);
}

const VALUE_START = /["{[\-0-9tfn]/;

class StreamRedactor implements HarRedactStream {
  private readonly report = createReport();
  private readonly ctx: RedactContext;
  private readonly maxValueChars: number;
  private readonly passThrough: boolean;
  private readonly onMember: ((key: string, value: unknown) => void) | undefined;
  private readonly stack: Frame[] = [];
  private capture: Capture | undefined;
  private offset = 0;
  private done = false;
  private failure: Error | undefined;
  private out: string[] = [];

  constructor(options: HarRedactStreamOptions) {
    this.ctx = createContext(options, this.report);
    this.maxValueChars = options.maxValueChars ?? MAX_STREAM_VALUE_CHARS;
    this.passThrough = options.passThrough === true;
    this.onMember = options.onMember;
  }

  write(chunk: string): string {
    if (this.failure) throw this.failure;
    this.out = [];
    try {
      this.scan(chunk);
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      throw this.failure;
    }
    this.offset += chunk.length;
    return this.out.join('');
  }

  end(): { tail: string; report: RedactionReport } {
    if (this.failure) throw this.failure;
    if (!this.done) {
      const what =
        this.offset === 0 && this.stack.length === 0
          ? 'the input is empty'
          : `the HAR ends too early (at char ${this.offset}, inside ${describePosition(this.stack, this.capture)})`;
      this.failure = new HarRedactError(`${what}: the file is truncated or not a HAR`, this.offset);
      throw this.failure;
    }
    return { tail: '\n', report: this.report };
  }

  private scan(chunk: string): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.capture) {
        i = this.continueCapture(chunk, i);
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else if (c === 0xfeff && this.offset + i === 0) i++;
      else i = this.structural(chunk, i);
    }
  }

  private fail(message: string, at: number): never {
    throw new HarRedactError(`${message} at char ${at}`, at);
  }

  /** One structural character (outside captured values); returns the next index. */
  private structural(chunk: string, i: number): number {
    const at = this.offset + i;
    const ch = chunk[i] ?? '';
    const frame = this.stack[this.stack.length - 1];
    if (this.done) this.fail(`unexpected ${quoteChar(ch)} after the end of the HAR`, at);
    if (!frame) {
      if (ch !== '{') this.fail(`expected '{' (a HAR is a JSON object), found ${quoteChar(ch)}`, at);
      this.out.push('{');
      this.stack.push({ kind: 'root', expect: 'first-key', key: '', members: 0 });
      return i + 1;
    }
    if (frame.kind === 'entries') return this.inEntries(frame, ch, chunk, i);
    switch (frame.expect) {
      case 'first-key':
      case 'key':
        if (ch === '}' && frame.expect === 'first-key') return this.close('}', i);
        if (ch !== '"')
          this.fail(`expected a member name in ${describePosition(this.stack)}, found ${quoteChar(ch)}`, at);
        return this.startCapture('key', chunk, i);
      case 'colon':
        if (ch !== ':') this.fail(`expected ':' after "${frame.key.slice(0, 40)}", found ${quoteChar(ch)}`, at);
        frame.expect = 'value';
        return i + 1;
      case 'value':
        return this.memberValue(frame, ch, chunk, i);
      case 'comma':
        if (ch === ',') {
          frame.expect = 'key';
          return i + 1;
        }
        if (ch === '}') return this.close('}', i);
        return this.fail(`expected ',' or '}' in ${describePosition(this.stack)}, found ${quoteChar(ch)}`, at);
    }
  }

  private memberValue(frame: Extract<Frame, { kind: HarContainer }>, ch: string, chunk: string, i: number): number {
    const kind = memberKind(frame.kind, frame.key);
    if ((ch === '{' && kind !== undefined && kind !== 'entries') || (ch === '[' && kind === 'entries')) {
      this.out.push(`${frame.members++ > 0 ? ',' : ''}${JSON.stringify(frame.key)}:${ch}`);
      frame.expect = 'comma';
      this.stack.push(
        kind === 'entries'
          ? { kind, expect: 'first-value', count: 0 }
          : { kind, expect: 'first-key', key: '', members: 0 },
      );
      return i + 1;
    }
    if (!VALUE_START.test(ch))
      this.fail(`expected a value for "${frame.key.slice(0, 40)}", found ${quoteChar(ch)}`, this.offset + i);
    return this.startCapture('member', chunk, i);
  }

  private inEntries(frame: Extract<Frame, { kind: 'entries' }>, ch: string, chunk: string, i: number): number {
    if (frame.expect === 'comma') {
      if (ch === ',') {
        frame.expect = 'value';
        return i + 1;
      }
      if (ch === ']') return this.close(']', i);
      return this.fail(
        `expected ',' or ']' after ${describePosition(this.stack)}[${frame.count - 1}], found ${quoteChar(ch)}`,
        this.offset + i,
      );
    }
    if (ch === ']' && frame.expect === 'first-value') return this.close(']', i);
    if (!VALUE_START.test(ch))
      this.fail(`expected an entry in ${describePosition(this.stack)}, found ${quoteChar(ch)}`, this.offset + i);
    return this.startCapture('entry', chunk, i);
  }

  private close(bracket: '}' | ']', i: number): number {
    this.out.push(bracket);
    this.stack.pop();
    if (this.stack.length === 0) this.done = true;
    return i + 1;
  }

  private startCapture(purpose: Capture['purpose'], chunk: string, i: number): number {
    const first = chunk.charCodeAt(i);
    const type = first === 0x22 ? 'string' : first === 0x7b || first === 0x5b ? 'container' : 'scalar';
    this.capture = {
      purpose,
      type,
      parts: [],
      chars: 0,
      start: this.offset + i,
      depth: 0,
      inString: false,
      escape: false,
    };
    return this.continueCapture(chunk, i);
  }

  private continueCapture(chunk: string, i: number): number {
    const capture = this.capture as Capture;
    const { end, complete, tooDeep } = captureChars(capture, chunk, i, MAX_JSON_DEPTH - this.stack.length);
    if (tooDeep)
      this.fail(
        `nested deeper than ${MAX_JSON_DEPTH} levels in ${describePosition(this.stack, capture)}`,
        this.offset + end,
      );
    capture.parts.push(chunk.slice(i, end));
    capture.chars += end - i;
    if (capture.chars > this.maxValueChars) {
      this.fail(
        `${describePosition(this.stack, capture)} (from char ${capture.start}) ` +
          `is larger than ${formatBytes(this.maxValueChars)}, the most the stream holds at once`,
        this.offset + end,
      );
    }
    if (complete) this.finishCapture(capture);
    return end;
  }

  private finishCapture(capture: Capture): void {
    this.capture = undefined;
    const frame = this.stack[this.stack.length - 1] as Frame;
    const value = this.parse(capture);
    if (frame.kind === 'entries') {
      const redacted = this.passThrough ? value : redactEntryIn(value, frame.count, this.ctx);
      this.out.push(`${frame.count++ > 0 ? ',' : ''}${JSON.stringify(redacted)}`);
      frame.expect = 'comma';
    } else if (capture.purpose === 'key') {
      frame.key = value as string;
      frame.expect = 'colon';
    } else {
      const redacted = this.passThrough ? value : redactMember(frame.key, value, this.ctx);
      this.onMember?.(frame.key, redacted);
      this.out.push(`${frame.members++ > 0 ? ',' : ''}${JSON.stringify(frame.key)}:${JSON.stringify(redacted)}`);
      frame.expect = 'comma';
    }
  }

  /** JSON.parse of a captured value; its message loses V8's quote of the input (it may hold a secret). */
  private parse(capture: Capture): unknown {
    const text = capture.parts.length === 1 ? (capture.parts[0] as string) : capture.parts.join('');
    capture.parts = [];
    try {
      return JSON.parse(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const position = /at position (\d+)/.exec(message);
      const at = capture.start + (position ? Number(position[1]) : 0);
      const reason = message
        .replace(/, ".*" is not valid JSON$/s, '')
        .replace(/ in JSON at position \d+.*$/s, '')
        .replace(/^Unexpected token/, 'unexpected');
      const what =
        capture.purpose === 'key'
          ? `a member name in ${describePosition(this.stack)}`
          : describePosition(this.stack, capture);
      const where = position ? `at char ${at}` : `in the value starting at char ${capture.start}`;
      throw new HarRedactError(`malformed JSON in ${what} ${where}: ${reason}`, at);
    }
  }
}

function quoteChar(ch: string): string {
  return ch === '' ? 'nothing' : JSON.stringify(ch);
}
