// How two HARs' requests are recognised as "the same request": a normalised URL that
// ignores what changes on every load or every build — cache-buster query values, hashes in
// file names, session ids — and says which of those it ignored. The rules are data (one
// source of truth): the matcher reads its name lists from URL_MATCH_RULES, and a panel can
// show the same list. Pure: no DOM, no node, no `new URL` (slow, and it throws on garbage).
// Bounded: only the first URL_MATCH_LIMITS.urlChars characters, queryParams parameters and
// pathSegments segments of a URL are looked at; every pattern below is linear.

export type UrlRuleId =
  | 'cache-buster-param'
  | 'session-param'
  | 'session-path'
  | 'timestamp-value'
  | 'random-value'
  | 'file-hash'
  | 'path-hash';

export interface UrlMatchRule {
  id: UrlRuleId;
  title: string;
  /** What the rule ignores, in a sentence. */
  description: string;
  /**
   * Lower-case parameter names the rule covers (query or `;name=` path parameters); empty when it goes by the value's
   * shape.
   */
  names: readonly string[];
  /** Before → key, to show the rule at work. */
  examples: readonly string[];
}

export const URL_MATCH_RULES: readonly UrlMatchRule[] = [
  {
    id: 'cache-buster-param',
    title: 'Cache-buster query values',
    description:
      'The value of a query parameter with a cache-buster name is ignored; the name itself still has to be there.',
    names: [
      '_',
      '_dc',
      '_t',
      '_ts',
      'v',
      'ver',
      't',
      'ts',
      'timestamp',
      'cb',
      'cachebust',
      'cachebuster',
      'cache_buster',
      'bust',
      'rand',
      'random',
      'rnd',
      'nocache',
      'no_cache',
    ],
    examples: ['/app.js?v=1700000000 → /app.js?v=*', '/api/list?_=1699999999123&page=2 → /api/list?_=*&page=2'],
  },
  {
    id: 'session-param',
    title: 'Session ids in the query',
    description: 'The value of a query parameter that carries a session id is ignored.',
    names: [
      'jsessionid',
      'phpsessid',
      'aspsessionid',
      'sid',
      'sessid',
      'session',
      'sessionid',
      'session_id',
      'cfid',
      'cftoken',
    ],
    examples: ['/cart?PHPSESSID=9f8e7d6c → /cart?PHPSESSID=*'],
  },
  {
    id: 'session-path',
    title: 'Session ids in the path',
    description: 'A `;jsessionid=…` (or other session) path parameter is dropped.',
    names: ['jsessionid', 'phpsessid', 'sid', 'sessionid'],
    examples: ['/cart;jsessionid=A1B2C3 → /cart'],
  },
  {
    id: 'timestamp-value',
    title: 'Timestamp-like query values',
    description:
      'A query value that is a Unix time in seconds (10 digits) or milliseconds (13 digits) is ignored, ' +
      'whatever the parameter is called.',
    names: [],
    examples: ['/pixel.gif?now=1700000000123 → /pixel.gif?now=*', '/app.css?1700000000 → /app.css?*'],
  },
  {
    id: 'random-value',
    title: 'Random-looking query values',
    description:
      'A long random-looking query value is ignored: 16 or more hex digits, a UUID, Math.random() output, ' +
      'or 16+ letters and digits mixing upper and lower case with at least 3 digits.',
    names: [],
    examples: ['/collect?cid=5f2b9e0c-1d3a-4c7e-9b1f-0a2b3c4d5e6f → /collect?cid=*'],
  },
  {
    id: 'file-hash',
    title: 'Hashes in file names',
    description:
      'A content hash in the file name is ignored: `name.HASH.ext`, `name-HASH.ext` or `name_HASH.ext`, ' +
      'where HASH is 6+ hex characters with a digit and a letter, ' +
      '8+ base64url characters mixing digits and both cases, or 10+ digits (8+ between dots); ' +
      'or a file named by 8+ hex characters.',
    names: [],
    examples: [
      '/static/app.3f2a9c1b.js → /static/app.[hash].js',
      '/css/main-8d7e6f.css → /css/main-[hash].css',
      '/assets/index-D5xY2_aB.js → /assets/index-[hash].js',
    ],
  },
  {
    id: 'path-hash',
    title: 'Build ids in the path',
    description:
      'A directory named by a hash or build id is ignored: 16+ hex characters with a digit and a letter, ' +
      'a UUID, or 20+ base64url characters mixing digits and both cases.',
    names: [],
    examples: ['/_next/static/Vq3zK8x_yJ0aB1cD2eF3g/_buildManifest.js → /_next/static/[hash]/_buildManifest.js'],
  },
];

export const URL_MATCH_LIMITS = {
  /** Characters of a URL that take part in the match (longer URLs match by this prefix). */
  urlChars: 2048,
  /** Query parameters looked at; the rest are compared as they are. */
  queryParams: 64,
  /** Path segments looked at; the rest are compared as they are. */
  pathSegments: 64,
  /** Characters of a parameter name quoted in a note. */
  nameChars: 40,
  /** Notes kept per URL. */
  notes: 8,
} as const;

/** What a rule did to one URL, e.g. "query v ignored (cache-buster)". */
export interface UrlMatchNote {
  rule: UrlRuleId;
  text: string;
}

export interface NormalisedUrl {
  /**
   * Scheme, host (default port dropped) and path with the ignored parts replaced: `*` for values, `[hash]` for hashes.
   */
  url: string;
  /** Lower-case host with a port other than the scheme's default, no credentials ('' for data:, blob: and garbage). */
  host: string;
  notes: UrlMatchNote[];
}

const ruleNames = (id: UrlRuleId): ReadonlySet<string> =>
  new Set(URL_MATCH_RULES.find((r) => r.id === id)?.names ?? []);
const CACHE_BUSTER_NAMES = ruleNames('cache-buster-param');
const SESSION_NAMES = ruleNames('session-param');
const SESSION_PATH_NAMES = ruleNames('session-path');

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: ':80', https: ':443', ws: ':80', wss: ':443' };

const SCHEME = /^[a-z][a-z0-9+.-]{0,31}:\/\//i;

/** First index at or after `from` of `ch`, else `end`. Native searches: fast even before the JIT warms up. */
function indexBefore(url: string, ch: string, from: number, end: number): number {
  const at = url.indexOf(ch, from);
  return at >= 0 && at < end ? at : end;
}

/** The match key of one URL and the rules that shaped it. Never throws. */
export function normaliseUrl(rawUrl: string): NormalisedUrl {
  const input = rawUrl.length > URL_MATCH_LIMITS.urlChars ? rawUrl.slice(0, URL_MATCH_LIMITS.urlChars) : rawUrl;
  // data:, blob:, javascript: and garbage are compared as they are.
  if (!SCHEME.test(input)) return { url: input, host: '', notes: NO_NOTES };
  const colon = input.indexOf(':');
  const hostStart = colon + 3;
  const hash = input.indexOf('#', hostStart);
  const end = hash < 0 ? input.length : hash;
  const queryStart = indexBefore(input, '?', hostStart, end);
  const pathStart = indexBefore(input, '/', hostStart, queryStart);
  const rawScheme = input.slice(0, colon);
  const scheme = rawScheme.toLowerCase();
  const authority = input.slice(hostStart, pathStart);
  const host = hostOf(scheme, authority);
  const notes: UrlMatchNote[] = [];
  const path = input.slice(pathStart, queryStart);
  const normalPath = normalisePath(path || '/', notes);
  const hasQuery = queryStart < end && input.charCodeAt(queryStart) === 0x3f;
  const query = hasQuery ? input.slice(queryStart + 1, end) : '';
  const normalQuery = hasQuery ? normaliseQuery(query, notes) : '';
  // Most URLs come out as they went in (bar a fragment): no new string for them.
  const same =
    notes.length === 0 && rawScheme === scheme && authority === host && normalPath === path && normalQuery === query;
  // Otherwise one flat string (a template literal would leave a tree of cons strings per URL).
  const url = same
    ? end === input.length
      ? input
      : input.slice(0, end)
    : [scheme, '://', host, normalPath, hasQuery ? '?' : '', normalQuery].join('');
  return { url, host, notes: notes.length > 0 ? internNotes(notes) : NO_NOTES };
}

// Small caches shared by all calls, each emptied when it reaches CACHE_SIZE entries (so
// memory stays bounded and a new HAR's names get cached too).
const CACHE_SIZE = 1_000;

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(key, value);
  return value;
}

// A HAR names a handful of hosts thousands of times: one string per host, not per URL.
// Keyed by authority, so only for https (port 443), by far the most common scheme.
const HTTPS_HOSTS = new Map<string, string>();

/** Lower case, no credentials, no default port. */
function hostOf(scheme: string, authority: string): string {
  const cached = scheme === 'https';
  const known = cached ? HTTPS_HOSTS.get(authority) : undefined;
  if (known !== undefined) return known;
  const lower = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  const defaultPort = DEFAULT_PORTS[scheme];
  const host = defaultPort && lower.endsWith(defaultPort) ? lower.slice(0, -defaultPort.length) : lower;
  return cached ? remember(HTTPS_HOSTS, authority, host) : host;
}

// Thousands of URLs get the same notes ("query _ ignored"): one array per distinct list.
const NOTE_LISTS = new Map<string, UrlMatchNote[]>();

function internNotes(notes: UrlMatchNote[]): UrlMatchNote[] {
  const key = notes.length === 1 ? (notes[0]?.text ?? '') : notes.map((n) => n.text).join('\n');
  return NOTE_LISTS.get(key) ?? remember(NOTE_LISTS, key, notes);
}

/** Shared by every URL no rule touched. Note lists are shared between URLs: never mutate one. */
const NO_NOTES: UrlMatchNote[] = [];

// Notes are shared between URLs (a 5,000-entry HAR has thousands of "query _ ignored"):
// one object per rule and name, up to a bound, instead of one per URL.
const NOTE_CACHE = new Map<UrlRuleId, Map<string, UrlMatchNote>>();

function note(notes: UrlMatchNote[], rule: UrlRuleId, name: string, text: (name: string) => string): void {
  if (notes.length >= URL_MATCH_LIMITS.notes) return;
  let byName = NOTE_CACHE.get(rule);
  if (!byName) {
    byName = new Map();
    NOTE_CACHE.set(rule, byName);
  }
  let found = byName.get(name);
  found ??= remember(byName, name, { rule, text: text(quoteName(name)) });
  for (let i = 0; i < notes.length; i++) if (notes[i]?.text === found.text) return;
  notes.push(found);
}

const NOTE_TEXT: Readonly<Record<UrlRuleId, (name: string) => string>> = {
  'cache-buster-param': (name) => `query ${name} ignored (cache-buster)`,
  'session-param': (name) => `query ${name} ignored (session id)`,
  'session-path': (name) => `path ;${name} ignored (session id)`,
  'timestamp-value': (name) => `query ${name || 'value'} ignored (timestamp-like value)`,
  'random-value': (name) => `query ${name || 'value'} ignored (random-looking value)`,
  'file-hash': () => 'file-name hash ignored',
  'path-hash': () => 'path segment hash ignored (build id)',
};

function quoteName(name: string): string {
  return name.length > URL_MATCH_LIMITS.nameChars ? `${name.slice(0, URL_MATCH_LIMITS.nameChars - 1)}…` : name;
}

/** The path itself (the same string) when no rule applies. */
function normalisePath(path: string, notes: UrlMatchNote[]): string {
  const lastSlash = path.lastIndexOf('/');
  const dirs = path.slice(0, lastSlash + 1);
  const file = path.slice(lastSlash + 1);
  const newDirs = dirsNeedWork(dirs) ? normaliseDirs(dirs, notes) : dirs;
  const newFile = normaliseFileName(file.includes(';') ? dropSessionPathParams(file, notes) : file, notes);
  return newDirs === dirs && newFile === file ? path : newDirs + newFile;
}

/** Is there a `;` or a segment long enough to be a hash? */
function dirsNeedWork(dirs: string): boolean {
  return DIRS_NEED_WORK.test(dirs);
}

const DIRS_NEED_WORK = /;|[^/]{16}/;

/** `/a/;jsessionid=1/<build id>/` → `/a/[hash]/`, the first URL_MATCH_LIMITS.pathSegments segments only. */
function normaliseDirs(dirs: string, notes: UrlMatchNote[]): string {
  const segments = dirs.split('/');
  const limit = Math.min(segments.length, URL_MATCH_LIMITS.pathSegments);
  for (let i = 0; i < limit; i++) {
    let segment = segments[i] ?? '';
    if (segment.includes(';')) segment = dropSessionPathParams(segment, notes);
    if (isPathHash(segment)) {
      segment = '[hash]';
      note(notes, 'path-hash', '', NOTE_TEXT['path-hash']);
    }
    segments[i] = segment;
  }
  return segments.join('/');
}

/** `cart;jsessionid=ABC;x=1` → `cart;x=1`. */
function dropSessionPathParams(segment: string, notes: UrlMatchNote[]): string {
  const [head = '', ...params] = segment.split(';').slice(0, URL_MATCH_LIMITS.queryParams);
  const kept = params.filter((param) => {
    const name = param.slice(0, param.includes('=') ? param.indexOf('=') : param.length);
    if (!SESSION_PATH_NAMES.has(name.toLowerCase())) return true;
    note(notes, 'session-path', name, NOTE_TEXT['session-path']);
    return false;
  });
  return [head, ...kept].join(';');
}

/** Only parameters a rule touches are cut out of the query; the rest is never copied. */
function normaliseQuery(query: string, notes: UrlMatchNote[]): string {
  let out: string[] | undefined;
  let copied = 0;
  let start = 0;
  for (let n = 0; n < URL_MATCH_LIMITS.queryParams && start <= query.length; n++) {
    const amp = query.indexOf('&', start);
    const stop = amp < 0 ? query.length : amp;
    const eq = query.indexOf('=', start);
    const named = eq >= 0 && eq < stop;
    const valueStart = named ? eq + 1 : start;
    const valueLength = stop - valueStart;
    let rule: UrlRuleId | undefined;
    let name = '';
    if (named && eq - start <= MAX_NAME_LENGTH) {
      name = query.slice(start, eq);
      const lower = name.toLowerCase();
      if (SESSION_NAMES.has(lower)) rule = 'session-param';
      else if (CACHE_BUSTER_NAMES.has(lower)) rule = 'cache-buster-param';
    }
    // Values are looked at only when their length fits a shape (most are too short to).
    if (!rule && valueLength >= 10 && valueLength <= 256) {
      const value = query.slice(valueStart, stop);
      if (isTimestamp(value)) rule = 'timestamp-value';
      else if (isRandomValue(value)) rule = 'random-value';
      if (rule && named && !name) name = query.slice(start, eq);
    }
    if (rule) {
      out ??= [];
      out.push(query.slice(copied, valueStart), '*');
      copied = stop;
      note(notes, rule, name, NOTE_TEXT[rule]);
    }
    if (amp < 0) break;
    start = amp + 1;
  }
  if (!out) return query;
  out.push(query.slice(copied));
  return out.join('');
}

/** Longest name in the rules' lists (longer names cannot match, so are not lower-cased). */
const MAX_NAME_LENGTH = Math.max(...URL_MATCH_RULES.flatMap((r) => r.names.map((n) => n.length)));

const TIMESTAMP = /^\d{10}(?:\d{3})?(?:\.\d{1,6})?$/;

/** Unix seconds 2001…2096 or milliseconds in the same range. */
function isTimestamp(value: string): boolean {
  if (value.length < 10 || value.length > 20 || !TIMESTAMP.test(value)) return false;
  const n = Number(value);
  return (n >= 1e9 && n < 4e9) || (n >= 1e12 && n < 4e12);
}

const HEX_16 = /^[0-9a-f]{16,128}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MATH_RANDOM = /^0\.\d{8,20}$/;
const TOKEN_16 = /^[A-Za-z0-9_-]{16,256}$/;

function isRandomValue(value: string): boolean {
  if (MATH_RANDOM.test(value)) return true;
  if (value.length < 16 || value.length > 256) return false;
  if (UUID.test(value)) return true;
  if (HEX_16.test(value)) return /\d/.test(value) && /[a-f]/i.test(value);
  return TOKEN_16.test(value) && mixedCase(value) && countDigits(value) >= 3;
}

function mixedCase(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value);
}

function countDigits(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

const HEX_HASH = /^[0-9a-f]{6,64}$/i;
/**
 * Between dots, 8+ digits are a hash too: an 8-hex hash is all digits one time in 40 (and a date stamp changes per
 * build as well).
 */
const MIDDLE_DIGITS = /^\d{8,20}$/;
const B64_HASH = /^[A-Za-z0-9_-]{8,64}$/;
const DIGITS_HASH = /^\d{10,20}$/;

/** A content hash as bundlers write it into file names (webpack, Vite, Rollup, Parcel, CRA). */
export function isFileNameHash(token: string): boolean {
  if (token.length < 6 || token.length > 64) return false;
  if (DIGITS_HASH.test(token)) return true;
  if (HEX_HASH.test(token)) return /\d/.test(token) && /[a-f]/i.test(token);
  return B64_HASH.test(token) && /\d/.test(token) && mixedCase(token);
}

function isPathHash(segment: string): boolean {
  if (segment.length < 16 || segment.length > 128) return false;
  if (UUID.test(segment)) return true;
  if (HEX_16.test(segment)) return /\d/.test(segment) && /[a-f]/i.test(segment);
  return segment.length >= 20 && TOKEN_16.test(segment) && /\d/.test(segment) && mixedCase(segment);
}

/**
 * `app.3f2a9c1b.js` → `app.[hash].js`, `main-8d7e6f.css` → `main-[hash].css`,
 * `index-D5xY2_aB.js` → `index-[hash].js`, `0f1e2d3c4b5a.js` → `[hash].js`.
 * Only names with an extension: `name.ext` at least.
 */
function normaliseFileName(fileName: string, notes: UrlMatchNote[]): string {
  const firstDot = fileName.indexOf('.');
  if (firstDot < 0 || fileName.length > 256) return fileName;
  const semicolon = fileName.indexOf(';');
  const name = semicolon < 0 ? fileName : fileName.slice(0, semicolon);
  const lastDot = name.lastIndexOf('.');
  const stem = name.slice(0, firstDot);
  // Middle parts: name.HASH.ext, name.HASH.chunk.js, 3.HASH.chunk.js.
  let middle = firstDot < lastDot ? name.slice(firstDot + 1, lastDot) : undefined;
  if (middle !== undefined) {
    const parts = middle.split('.');
    let hashed = false;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] ?? '';
      if (isFileNameHash(part) || MIDDLE_DIGITS.test(part)) {
        parts[i] = '[hash]';
        hashed = true;
      }
    }
    middle = hashed ? parts.join('.') : undefined;
  }
  // The stem: a file named by its hash, or name-HASH / name_HASH.
  const newStem = stemWithoutHash(stem);
  if (middle === undefined && newStem === stem) return fileName;
  note(notes, 'file-hash', '', NOTE_TEXT['file-hash']);
  const rebuiltMiddle = middle === undefined ? name.slice(firstDot, lastDot + 1) : `.${middle}.`;
  return firstDot < lastDot
    ? newStem + rebuiltMiddle + name.slice(lastDot + 1) + fileName.slice(name.length)
    : newStem + fileName.slice(firstDot);
}

function stemWithoutHash(stem: string): string {
  // A file named by its hash: hex only (`Logo2024Dark` is a name; digits alone are an id).
  if (stem.length >= 8 && HEX_HASH.test(stem) && /\d/.test(stem) && /[a-f]/i.test(stem)) return '[hash]';
  // From the last separator leftwards: `main-8d7e6f`, then `index-D5xY2_aB` (a Vite hash may hold - or _).
  let at = stem.length;
  for (let tries = 0; tries < 3; tries++) {
    const dash = stem.lastIndexOf('-', at - 1);
    const underscore = stem.lastIndexOf('_', at - 1);
    const sep = Math.max(dash, underscore);
    if (sep <= 0) return stem;
    if (stem.length - sep - 1 < 6) {
      at = sep;
      continue;
    }
    const token = stem.slice(sep + 1);
    const plain = token.indexOf('-') < 0 && token.indexOf('_') < 0;
    // A token holding a separator only counts in Vite's shape (8…12 characters, digits, both cases).
    if (plain ? isFileNameHash(token) : token.length <= 12 && isFileNameHash(token) && mixedCase(token)) {
      return `${stem.slice(0, sep + 1)}[hash]`;
    }
    at = sep;
  }
  return stem;
}
