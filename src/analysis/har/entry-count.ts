// Counts what a HAR holds while its bytes stream past, without building any of it: the
// entries and pages of every envelope readHar may take them from (envelope.ts: `{ log }`,
// `{ har: { log } }`, a bare log; all of them summed, since JSON.parse builds duplicates and
// the ones it drops alike), and every JSON value anywhere. It stops at the first limit
// passed, so a file of 45 million entries is refused after reading a few hundred kilobytes.
// One pass, a byte at a time; no regex, no recursion, memory independent of the input.
// Bytes, not text: JSON's structure is ASCII, and UTF-8 never puts an ASCII byte inside a
// multi-byte character. Chunks may split anything (an escape, a member name): the state
// carries over. Malformed input is counted as far as it is JSON, which is as far as
// JSON.parse will build it.
import { envelopeMember, type HarContainer } from './envelope';
import { HAR_COUNT_LIMITS, type HarCounted, type HarCounts } from './limits';

/** An open container where entries or pages may be: an envelope object, or an entries or pages array. */
type Role = HarContainer | 'entries' | 'pages';

/** The member names that decide where entries and pages are: any other name is skipped like a value. */
const NAMES_READ = ['log', 'har', 'entries', 'pages'];

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class HarCounter {
  readonly counts: HarCounts = { entries: 0, pages: 0, values: 0 };
  /** The first count that passed its limit; counting stops there. */
  over: HarCounted | undefined;
  /** The open containers that may hold entries or pages, outermost first (at most root › har › log › entries). */
  private readonly roles: Role[] = [];
  /** How deep inside a value that holds none (an entry, a custom member): 0 when not in one. Most bytes are. */
  private nested = 0;
  private inString = false;
  /** After a backslash in a string. */
  private escape = false;
  /** The string is a member name of an envelope object. */
  private isKey = false;
  /** That name so far (decoded), while it may still be one of NAMES_READ; undefined: skipped. */
  private key: string | undefined;
  /** Hex digits still to come of a `\uXXXX` in that name, and their value so far. */
  private hexLeft = 0;
  private hexValue = 0;
  /** The name of the member whose value comes next in an envelope object. */
  private member = '';
  /** In an envelope object: the next string is a member name. */
  private expectKey = false;
  /** In an entries or pages array: nothing counted yet. */
  private firstItem = false;

  constructor(private readonly limits: Readonly<HarCounts> = HAR_COUNT_LIMITS) {}

  /** Counts one more piece of the text; returns the count over its limit, if any (then and for every later call). */
  write(bytes: Uint8Array): HarCounted | undefined {
    let i = 0;
    while (i < bytes.length && this.over === undefined) {
      if (this.nested > 0) i = this.skipNested(bytes, i);
      else if (!this.inString) this.structural(bytes[i++] as number);
      else if (this.key === undefined) i = this.skipString(bytes, i);
      else i = this.readKey(bytes, i);
    }
    return this.over;
  }

  /**
   * Inside a value that holds no entries or pages: only strings, depth and the values count
   * matter. The hot loop (almost every byte of a HAR), on locals; returns where the value ended.
   */
  private skipNested(bytes: Uint8Array, from: number): number {
    const limit = this.limits.values;
    let { nested, inString, escape } = this;
    let values = this.counts.values;
    let i = from;
    while (i < bytes.length) {
      const c = bytes[i++];
      if (inString) {
        if (escape) escape = false;
        else if (c === BACKSLASH) escape = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === 0x7b || c === 0x5b) {
        nested++;
        if (++values > limit) break;
      } else if (c === 0x7d || c === 0x5d) {
        if (--nested === 0) break;
      } else if (c === 0x2c && ++values > limit) break;
    }
    this.nested = nested;
    this.inString = inString;
    this.escape = escape;
    this.counts.values = values;
    if (values > limit) this.over ??= 'values';
    return i;
  }

  /** A string value of an envelope object or a counted array: skipped to its closing quote. */
  private skipString(bytes: Uint8Array, from: number): number {
    let i = from;
    while (i < bytes.length) {
      const c = bytes[i++];
      if (this.escape) this.escape = false;
      else if (c === BACKSLASH) this.escape = true;
      else if (c === QUOTE) {
        this.endString();
        break;
      }
    }
    return i;
  }

  private endString(): void {
    this.inString = false;
    if (!this.isKey) return;
    this.isKey = false;
    this.member = this.key ?? '';
    this.key = undefined;
    this.expectKey = false;
  }
  /** One byte of a member name of an envelope object, decoded (escapes included) so `"entr\u0069es"` counts. */
  private readKey(bytes: Uint8Array, i: number): number {
    const c = bytes[i] as number;
    if (this.hexLeft > 0) {
      const digit = hexDigit(c);
      if (digit < 0) {
        // Not JSON (JSON.parse stops here): the rest of the string is skipped like any other.
        this.hexLeft = 0;
        this.key = undefined;
        return i;
      }
      this.hexValue = this.hexValue * 16 + digit;
      if (--this.hexLeft === 0) this.appendKey(this.hexValue);
    } else if (this.escape) {
      this.escape = false;
      if (c === 0x75) {
        // \u
        this.hexLeft = 4;
        this.hexValue = 0;
      } else this.appendKey(c === QUOTE || c === BACKSLASH || c === 0x2f ? c : -1); // \b \n …: in none of NAMES_READ
    } else if (c === BACKSLASH) this.escape = true;
    else if (c === QUOTE) this.endString();
    else this.appendKey(c);
    return i + 1;
  }

  /**
   * `code` (a UTF-16 unit; -1 for none we read) added to the name; undefined once it cannot become one of NAMES_READ.
   */
  private appendKey(code: number): void {
    const key = `${this.key ?? ''}${code >= 0 ? String.fromCharCode(code) : '\u0000'}`;
    this.key = NAMES_READ.some((name) => name.startsWith(key)) ? key : undefined;
  }

  /** One byte outside strings, in an envelope object, a counted array, or before the root. */
  private structural(c: number): void {
    const role = this.roles[this.roles.length - 1];
    const counted = role === 'entries' || role === 'pages';
    if (c === QUOTE) {
      this.inString = true;
      if (counted) this.countItem(role);
      else if (role !== undefined && this.expectKey) {
        this.isKey = true;
        this.key = '';
      }
    } else if (c === 0x7b || c === 0x5b) {
      // { [
      this.count('values');
      if (counted) this.countItem(role);
      this.open(role, c === 0x7b);
    } else if (c === 0x7d || c === 0x5d) {
      // } ]: the container's value is done
      this.roles.pop();
      this.expectKey = false;
      this.firstItem = false;
    } else if (c === 0x2c) {
      // ,
      this.count('values');
      if (counted) this.count(role);
      else this.expectKey = true;
    } else if (counted && this.firstItem && c > 0x20 && c !== 0x3a) this.countItem(role); // a number, true, false, null
  }

  private open(parent: Role | undefined, isObject: boolean): void {
    let role: Role | undefined;
    if (parent === undefined) role = isObject ? 'root' : undefined;
    else if (parent !== 'entries' && parent !== 'pages') {
      const kind = this.member === 'pages' ? 'pages' : envelopeMember(parent, this.member);
      if (isObject ? kind === 'har' || kind === 'log' : kind === 'entries' || kind === 'pages') role = kind;
    }
    if (role === undefined) {
      this.nested = 1;
      return;
    }
    this.roles.push(role);
    this.expectKey = isObject;
    this.firstItem = !isObject;
  }

  /** The first item of an entries or pages array (later ones are counted at their comma). */
  private countItem(role: 'entries' | 'pages'): void {
    if (!this.firstItem) return;
    this.firstItem = false;
    this.count(role);
  }

  private count(what: HarCounted): void {
    if (++this.counts[what] > this.limits[what] && this.over === undefined) this.over = what;
  }
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
