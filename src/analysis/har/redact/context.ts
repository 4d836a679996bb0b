// The options of a redaction and the state every rule shares while walking one HAR.
import type { Json } from '../narrow';
import { isSecretName, type ShapeRule, type TextRule } from './detect';
import { record, type RedactionPlace, type RedactionReport, type Scope } from './report';
import { MARKER_PREFIX, NAME_MAX_CHARS, URL_MARKER_PREFIX, type RedactionRuleId } from './rules';

export interface RedactOptions {
  /** Keep cookie values (Cookie, Set-Cookie and the cookies arrays). */
  keepCookies?: boolean;
  /** Names of headers, parameters, cookies, form fields and JSON keys kept verbatim (any case). */
  keep?: readonly string[];
  /**
   * Keep response bodies, not the credentials in them: secret-named fields, elements and inputs, JWTs, `Bearer …`
   * still
   * go.
   */
  keepBodies?: boolean;
}

export interface RedactContext {
  readonly keepCookies: boolean;
  readonly keepBodies: boolean;
  readonly keep: ReadonlySet<string>;
  readonly report: RedactionReport;
  readonly scope: Scope;
}

export function createContext(options: RedactOptions, report: RedactionReport, scope: Scope = {}): RedactContext {
  return {
    keepCookies: options.keepCookies === true,
    keepBodies: options.keepBodies === true,
    keep: new Set((options.keep ?? []).map((name) => name.toLowerCase())),
    report,
    scope,
  };
}

/** A JSON object (not null, not an array). */
export function isRecordLike(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function inScope(ctx: RedactContext, scope: Scope): RedactContext {
  return { ...ctx, scope };
}

export function isKept(ctx: RedactContext, name: string): boolean {
  return ctx.keep.size > 0 && ctx.keep.has(name.toLowerCase());
}

/** A name the user did not ask to keep, and that names a secret. */
export function isSecretNamed(ctx: RedactContext, name: string): boolean {
  return !isKept(ctx, name) && isSecretName(name);
}

export function found(ctx: RedactContext, rule: RedactionRuleId, where: RedactionPlace, name?: string): void {
  record(ctx.report, rule, ctx.scope, where, name);
}

/** A callback for scrubText that records what it found at this place. */
export function recorder(ctx: RedactContext, where: RedactionPlace, name?: string): (rule: TextRule) => void {
  return (rule) => found(ctx, rule, where, name);
}

/** `[redacted: cookie sessionid]`: what it was, and the name when there is one. */
export function marker(what: string, name?: string): string {
  if (name === undefined) return `${MARKER_PREFIX}${what}]`;
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\]\u0000-\u001f\u007f-\u009f]/g, '').slice(0, NAME_MAX_CHARS);
  return `${MARKER_PREFIX}${what} ${clean}]`;
}

/** `REDACTED-query`: only unreserved URL characters, so it encodes and decodes to itself. */
export function urlMarker(what: 'query' | 'field' | 'userinfo' | ShapeRule): string {
  return `${URL_MARKER_PREFIX}${what}`;
}
