// Recognizing secrets: by name (a header, parameter, cookie or field named like one) and
// by shape (a JWT, a long random-looking token). Thresholds live in rules.ts.
import {
  HIGH_ENTROPY,
  JWT_MAX_HEADER_CHARS,
  MARKER_PREFIX,
  SECRET_NAME_WORD,
  SECRET_WHOLE_NAME,
  TEXT_CREDENTIAL_SCHEMES,
  UUID,
} from './rules';
import { credentialCandidates, jwtCandidates, replaceSpans, tokenCandidates } from './shapes';

export type ShapeRule = 'jwt' | 'high-entropy';
/** What free text can lose: a shape, or a credential after a scheme word. */
export type TextRule = ShapeRule | 'authorization';

const TEXT_SCHEMES = new Set(TEXT_CREDENTIAL_SCHEMES);
/** A quick test before the scanner: a scheme word and a space (literal alternatives: no backtracking). */
const TEXT_SCHEME_WORD = new RegExp(`(?:${TEXT_CREDENTIAL_SCHEMES.join('|')})[ \t]`, 'i');

/** `X-CSRF-Token` → x, csrf, token; `apiKey` → api, key; `PHPSESSID` → phpsessid. */
export function nameWords(name: string): string[] {
  return (name.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? []).map((word) => word.toLowerCase());
}

// Header and parameter names repeat thousands of times in a HAR: decide each once.
const secretNames = new Map<string, boolean>();
const SECRET_NAME_CACHE_SIZE = 4096;

export function isSecretName(name: string): boolean {
  const known = secretNames.get(name);
  if (known !== undefined) return known;
  const secret =
    name.length <= 256 && (SECRET_WHOLE_NAME.test(name) || nameWords(name).some((word) => SECRET_NAME_WORD.test(word)));
  if (secretNames.size >= SECRET_NAME_CACHE_SIZE) secretNames.clear();
  secretNames.set(name, secret);
  return secret;
}

/** A JWT candidate whose header segment decodes to a JSON object with an `alg`. */
export function isJwt(candidate: string): boolean {
  const dot = candidate.indexOf('.');
  if (dot < 0 || dot > JWT_MAX_HEADER_CHARS) return false;
  const header = decodeBase64Url(candidate.slice(0, dot));
  // Most candidates in crafted or random text are not JSON: skip the parse (and its exception).
  if (header === undefined || !header.trimEnd().endsWith('}')) return false;
  try {
    const parsed: unknown = JSON.parse(header);
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

/** `Basic` takes base64 of `user:password` (printable); the other schemes a token mixing digits or cases. */
function isTextCredential(scheme: string, token: string): boolean {
  if (token.length < 8) return false;
  if (scheme === 'basic') return /^[ -~]*:[ -~]*$/.test(decodeBase64Url(token) ?? '');
  return /\d/.test(token) || (/[a-z]/.test(token) && /[A-Z]/.test(token));
}

function decodeBase64Url(segment: string): string | undefined {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  try {
    return atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  } catch {
    return undefined;
  }
}

/** See HIGH_ENTROPY in rules.ts for why each test is there. */
export function isHighEntropy(token: string): boolean {
  const core = withoutPadding(token);
  if (core.length < HIGH_ENTROPY.minLength || UUID.test(core)) return false;
  const lower = /[a-z]/.test(core);
  const upper = /[A-Z]/.test(core);
  const digit = /\d/.test(core);
  if (/^[0-9a-f]+$/i.test(core)) {
    if (core.length < HIGH_ENTROPY.minHexLength || !digit || !(lower || upper)) return false;
  } else if (Number(lower) + Number(upper) + Number(digit) < 2) return false;
  return bitsPerChar(core) >= HIGH_ENTROPY.minBitsPerChar && wordShare(core) <= HIGH_ENTROPY.maxWordShare;
}

function withoutPadding(token: string): string {
  let end = token.length;
  while (end > 0 && token.charCodeAt(end - 1) === 0x3d) end--;
  return token.slice(0, end);
}

function bitsPerChar(text: string): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < text.length; i++) counts.set(text.charCodeAt(i), (counts.get(text.charCodeAt(i)) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Share of characters in readable words: runs of letters with vowels and no long consonant run. */
export function wordShare(text: string): number {
  let covered = 0;
  for (const match of text.matchAll(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g)) {
    const word = match[0];
    if (word.length < 3 || /[^aeiouy]{4,}/i.test(word)) continue;
    const vowels = word.match(/[aeiouy]/gi)?.length ?? 0;
    if (vowels / word.length >= 0.25) covered += word.length;
  }
  return covered / text.length;
}

/** Whether a single value (a query value, a path segment, a form field) holds a JWT or a random token. */
export function secretShape(value: string): ShapeRule | undefined {
  if (value.length < 16) return undefined;
  for (const { start, end } of jwtCandidates(value)) if (isJwt(value.slice(start, end))) return 'jwt';
  if (value.length < HIGH_ENTROPY.minLength) return undefined;
  for (const { start, end } of tokenCandidates(value))
    if (isHighEntropy(value.slice(start, end))) return 'high-entropy';
  return undefined;
}

/**
 * Free text with each JWT, credential after a scheme word (TEXT_CREDENTIAL_SCHEMES) and random
 * token replaced by `[redacted: jwt]` / `[redacted: authorization]` / `[redacted: high-entropy]`;
 * with `mask`, by as many `*` as it had characters (binary keeps its length).
 */
export function scrubText(
  text: string,
  found: (rule: TextRule) => void,
  options: { entropy?: boolean; mask?: boolean } = {},
): string {
  if (text.length < 16) return text;
  const mark = (rule: TextRule, piece: string): string => {
    found(rule);
    return options.mask ? '*'.repeat(piece.length) : `${MARKER_PREFIX}${rule}]`;
  };
  const jwtless = replaceSpans(text, jwtCandidates(text), (candidate) =>
    isJwt(candidate) ? mark('jwt', candidate) : undefined,
  );
  const out = !TEXT_SCHEME_WORD.test(jwtless)
    ? jwtless
    : replaceSpans(jwtless, credentialCandidates(jwtless, TEXT_SCHEMES), (token, { scheme }) =>
        isTextCredential(scheme, token) ? mark('authorization', token) : undefined,
      );
  if (options.entropy === false || out.length < HIGH_ENTROPY.minLength) return out;
  return replaceSpans(out, tokenCandidates(out), (token) =>
    isHighEntropy(token) ? mark('high-entropy', token) : undefined,
  );
}
