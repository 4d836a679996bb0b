// URLs keep their shape: the string is cut at its delimiters, never re-serialized through
// `new URL()` (which would re-encode, lowercase and add slashes), and only the secret parts
// are replaced, by markers made of unreserved characters (rules.ts: URL markers).
import { found, isKept, isSecretNamed, recorder, urlMarker, type RedactContext } from './context';
import { scrubText, secretShape, wordShare, type ShapeRule } from './detect';
import type { RedactionPlace } from './report';
import { HIGH_ENTROPY, SECRET_PATH_CONTEXT, STATIC_ASSET, type RedactionRuleId } from './rules';
import { urlsInText } from './shapes';

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\/\S*$/i;
const AUTHORITY = /^([a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i;

export function looksLikeUrl(text: string): boolean {
  return text.length > 3 && ABSOLUTE_URL.test(text);
}

/** What a parameter's value must become: a secret by name, a JWT or random token by shape, or nothing. */
export function paramVerdict(ctx: RedactContext, name: string, value: string): 'secret' | ShapeRule | undefined {
  if (value === '' || isKept(ctx, name)) return undefined;
  if (isSecretNamed(ctx, name)) return 'secret';
  return secretShape(value);
}

/**
 * Where a URL is: the place for the report, and the header or field that holds it (so the
 * report says `request.header Referer: token`, not just `token`).
 */
interface Site {
  ctx: RedactContext;
  where: RedactionPlace;
  owner?: string;
}

function note(site: Site, rule: RedactionRuleId, name?: string): void {
  const label = site.owner === undefined ? name : name === undefined ? site.owner : `${site.owner}: ${name}`;
  found(site.ctx, rule, site.where, label);
}

/** An absolute or relative URL (`/path?query#fragment`) with its secrets replaced. */
export function redactUrl(url: string, ctx: RedactContext, where: RedactionPlace, owner?: string): string {
  if (/^data:/i.test(url)) return url;
  const site: Site = owner === undefined ? { ctx, where } : { ctx, where, owner };
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const base = question < 0 ? beforeHash : beforeHash.slice(0, question);
  let out = redactBase(base, site);
  if (question >= 0) out += `?${redactParams(beforeHash.slice(question + 1), site)}`;
  if (hash >= 0) out += `#${redactFragment(url.slice(hash + 1), site)}`;
  return out;
}

/** scheme://userinfo@host/path;params — userinfo and path segments. */
function redactBase(base: string, site: Site): string {
  const authority = AUTHORITY.exec(base);
  let head = '';
  let path = base;
  if (authority) {
    const [whole, scheme = '', host = ''] = authority;
    const at = host.lastIndexOf('@');
    head = `${scheme}//${host}`;
    if (at >= 0) {
      note(site, 'userinfo');
      head = `${scheme}//${urlMarker('userinfo')}${host.slice(at)}`;
    }
    path = base.slice(whole.length);
  }
  if (path.length < 8 && !path.includes(';')) return head + path;
  let context = false;
  return (
    head +
    path
      .split('/')
      .map((segment) => {
        const out = redactSegment(segment, site, context);
        const name = decode(segment.split(';')[0] ?? '');
        context = name.length <= 64 && (SECRET_PATH_CONTEXT.test(name) || (context && out === segment && name !== ''));
        return out;
      })
      .join('/')
  );
}

/**
 * `afterSecretWord`: the segment before names a reset/verify/invite step (SECRET_PATH_CONTEXT),
 * or is a word after one (`/verify/email/<token>`).
 */
function redactSegment(segment: string, site: Site, afterSecretWord: boolean): string {
  if (!afterSecretWord && segment.length < 16 && !segment.includes(';')) return segment;
  const [first = '', ...params] = segment.split(';');
  let out = first;
  if (afterSecretWord && isPathToken(decode(first))) {
    note(site, 'high-entropy', 'path');
    out = urlMarker('high-entropy');
  } else if (first.length >= 16 && !STATIC_ASSET.test(first)) {
    const shape = secretShape(decode(first));
    if (shape) {
      note(site, shape, 'path');
      out = urlMarker(shape);
    }
  }
  // Matrix parameters: /cart;jsessionid=… (servlet URL rewriting).
  for (const param of params) out += `;${redactParam(param, site)}`;
  return out;
}

/** Any length, unless it is a file, another step word or words without a digit (`email`, `accept`, `new-password`). */
function isPathToken(segment: string): boolean {
  if (segment === '' || STATIC_ASSET.test(segment) || SECRET_PATH_CONTEXT.test(segment)) return false;
  return /\d/.test(segment) || wordShare(segment) <= HIGH_ENTROPY.maxWordShare;
}

function redactParams(query: string, site: Site): string {
  return query
    .split('&')
    .map((part) => redactParam(part, site))
    .join('&');
}

/** `#access_token=…&state=…` is parameters (OAuth's implicit flow); any other fragment is one value. */
function redactFragment(fragment: string, site: Site): string {
  if (fragment.includes('=')) return redactParams(fragment, site);
  const shape = secretShape(decode(fragment));
  if (!shape) return fragment;
  note(site, shape, 'fragment');
  return urlMarker(shape);
}

function redactParam(part: string, site: Site): string {
  const eq = part.indexOf('=');
  if (eq < 0) return part;
  const name = decode(part.slice(0, eq));
  const verdict = paramVerdict(site.ctx, name, decode(part.slice(eq + 1)));
  if (!verdict) return part;
  note(site, verdict === 'secret' ? 'secret-query' : verdict, name);
  return `${part.slice(0, eq + 1)}${urlMarker(verdict === 'secret' ? 'query' : verdict)}`;
}

/** One value of request.queryString, judged as the same parameter in the URL is. */
export function redactQueryValue(name: string, value: string, ctx: RedactContext): string {
  const verdict = paramVerdict(ctx, name, decode(value));
  if (!verdict) return value;
  found(ctx, verdict === 'secret' ? 'secret-query' : verdict, 'request.query', name);
  return urlMarker(verdict === 'secret' ? 'query' : verdict);
}

/**
 * Text that may hold URLs (a comment, a Link header, a custom field): each URL in it is
 * redacted as a URL, the text between them for JWTs and random tokens.
 */
export function scrubFreeText(text: string, ctx: RedactContext, where: RedactionPlace, name?: string): string {
  if (text.length < 8) return text;
  if (!text.includes('://')) return /^data:/i.test(text) ? text : scrubText(text, recorder(ctx, where, name));
  let out = '';
  let last = 0;
  for (const { start, end } of urlsInText(text)) {
    out +=
      scrubText(text.slice(last, start), recorder(ctx, where, name)) +
      redactUrl(text.slice(start, end), ctx, where, name);
    last = end;
  }
  return out + scrubText(text.slice(last), recorder(ctx, where, name));
}

function decode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
