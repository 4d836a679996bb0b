// JSON bodies and frames by key. The walk is bounded (JSON_BODY_LIMITS): a body it cannot
// check within the bounds is removed whole rather than kept unchecked. Besides secret-named
// keys it knows `{name, value}` pairs (jQuery's serializeArray) and GraphQL requests (the
// variables that fill a secret argument); every string is content of its own (`nested`:
// JSON inside a JSON string, base64, a form), parsed to a bounded depth.
import { nestsDeeperThan } from '../../../api/types';
import { formatBytes } from '../format';
import { found, isKept, isSecretNamed, marker } from './context';
import { scanGraphql } from './graphql';
import { JSON_BODY_LIMITS, PAIR_NAME_KEYS, PAIR_VALUE_KEYS } from './rules';
import type { Nested, Site } from './site';

type Obj = Record<string, unknown>;

/** What removed a body whole: its size and why. */
export function removeWhole(text: string, reason: string, site: Site): string {
  found(site.ctx, 'json-field', site.where, `(whole body: ${reason})`);
  return marker(`body ${formatBytes(text.length)}, ${reason}`);
}

/**
 * A JSON text with the values of secret-named keys replaced and every string redacted as
 * content (`nested`); undefined when the text is not JSON. `secret` names more keys of the
 * top-level object that are secrets (a GraphQL request's variables). Unchanged texts keep
 * their formatting; changed ones are re-serialized.
 */
export function redactJson(text: string, site: Site, nested: Nested, secret?: ReadonlySet<string>): string | undefined {
  if (text.length > JSON_BODY_LIMITS.maxChars) return removeWhole(text, 'larger than the JSON walk takes', site);
  if (nestsDeeperThan(text, JSON_BODY_LIMITS.maxDepth))
    return removeWhole(text, `nested deeper than ${JSON_BODY_LIMITS.maxDepth} levels`, site);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const walk: Walk = { site, nested, nodes: 0, changed: false };
  const out = walkJson(value, undefined, walk, secret);
  if (walk.nodes > JSON_BODY_LIMITS.maxNodes)
    return removeWhole(text, `more than ${JSON_BODY_LIMITS.maxNodes} values`, site);
  return walk.changed ? JSON.stringify(out) : text;
}

interface Walk {
  site: Site;
  nested: Nested;
  nodes: number;
  changed: boolean;
}

/** Depth is bounded by the nesting check before the parse; size by the node count. */
function walkJson(value: unknown, key: string | undefined, walk: Walk, secret?: ReadonlySet<string>): unknown {
  if (++walk.nodes > JSON_BODY_LIMITS.maxNodes) return value;
  if (typeof value === 'string') {
    const redacted = walk.nested(value, key ?? walk.site.name);
    if (redacted !== value) walk.changed = true;
    return redacted;
  }
  if (Array.isArray(value)) return value.map((item) => walkJson(item, key, walk));
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Obj;
  const pair = secretPair(object, walk);
  const variables = graphqlVariables(object, walk);
  return Object.fromEntries(
    Object.entries(object).map(([name, item]) => {
      const label = name === pair?.value ? pair.name : secret?.has(name) === true ? name : undefined;
      if (name === 'variables' && variables !== undefined && label === undefined && !isKept(walk.site.ctx, name))
        return [name, walkVariables(item, walk, variables)];
      return [name, walkMember(name, item, walk, label)];
    }),
  );
}

/** `secretLabel`: the member is a secret whatever its name (a pair's value, a GraphQL variable), reported so. */
function walkMember(name: string, value: unknown, walk: Walk, secretLabel?: string): unknown {
  const { ctx } = walk.site;
  if (isKept(ctx, name)) return value;
  const empty = value === null || value === '' || typeof value === 'boolean';
  if (!empty && (secretLabel !== undefined || isSecretNamed(ctx, name))) {
    found(ctx, 'json-field', walk.site.where, secretLabel ?? name);
    walk.changed = true;
    return marker('field', secretLabel ?? name);
  }
  return walkJson(value, name, walk);
}

/** `{ "name": "password", "value": "…" }` (any case): the name, and the value's key, when the name is a secret's. */
function secretPair(object: Obj, walk: Walk): { name: string; value: string } | undefined {
  let name: unknown;
  let value: string | undefined;
  for (const key in object) {
    const lower = key.toLowerCase();
    if (PAIR_NAME_KEYS.includes(lower)) name = object[key];
    else if (PAIR_VALUE_KEYS.includes(lower)) value = key;
  }
  return value !== undefined && typeof name === 'string' && isSecretNamed(walk.site.ctx, name)
    ? { name, value }
    : undefined;
}

/** A GraphQL request (`query` and `variables`): the variables that fill an argument with a secret name. */
function graphqlVariables(object: Obj, walk: Walk): Set<string> | undefined {
  const { query, variables } = object;
  if (typeof query !== 'string' || variables === undefined || variables === null) return undefined;
  const names = scanGraphql(query, walk.site.ctx, walk.site.where, false).variables;
  return names.size > 0 ? names : undefined;
}

/** `variables` as an object or as a JSON string (some clients send it so). */
function walkVariables(value: unknown, walk: Walk, secret: ReadonlySet<string>): unknown {
  if (typeof value === 'string') {
    const redacted = redactJson(value, walk.site, walk.nested, secret) ?? walk.nested(value, 'variables');
    if (redacted !== value) walk.changed = true;
    return redacted;
  }
  return walkJson(value, 'variables', walk, secret);
}
