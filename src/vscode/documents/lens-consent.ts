// One click on a Create, Update or Run Now lens is the user's consent to the exact action its
// title states, and to nothing else. The lens carries a one-time token (random, kept in memory
// only) bound to the document, its version, the action and the change shown; the command
// skips its modal only for that token, taken once, while fresh, for the same document
// version and the same change recomputed at click time. Any other caller — the palette,
// another extension, a command URI, a lens drawn before an edit — has no valid token and
// gets the modal. (Rule documented in SECURITY.md, "No command argument can skip…".)
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type * as vscode from 'vscode';
import type { ApiVersion } from '../../api/client';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { CatalogAgent, DeployedTest, FieldChange, Plan } from '../../documents';
import { documentsLibrary as lib } from './library';
import type { DeployTarget } from './target';

/** `run-endpoint`: a test document's Run Now from endpoint agents, a lens of its own beside the enterprise run. */
export type ConsentAction = 'create' | 'update' | 'run' | 'run-endpoint';

/** A lens older than this asks again: the title was read too long ago to be the consent. */
export const CONSENT_TTL_MS = 10 * 60_000;

interface Issued {
  token: string;
  version: number;
  change: string;
  issuedAt: number;
}

export class LensConsent {
  private readonly issued = new Map<string, Issued>();

  /** Called when a token was taken: the lenses redraw with fresh ones. */
  onTaken: (() => void) | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** The token a lens passes; the same one while the document version and the change stay the same. */
  issue(uri: vscode.Uri, version: number, action: ConsentAction, change: string): string {
    const key = keyOf(uri, action);
    const current = this.issued.get(key);
    if (
      current &&
      current.version === version &&
      current.change === change &&
      this.now() - current.issuedAt < CONSENT_TTL_MS
    )
      return current.token;
    const token = randomBytes(16).toString('hex');
    this.issued.set(key, { token, version, change, issuedAt: this.now() });
    return token;
  }

  /** Whether `token` is this lens's fresh token for exactly this write; a token is taken once, matched or not. */
  take(token: unknown, uri: vscode.Uri, version: number, action: ConsentAction, change: string | undefined): boolean {
    const key = keyOf(uri, action);
    const issued = this.issued.get(key);
    if (typeof token !== 'string' || !issued || !sameToken(token, issued.token)) return false;
    this.issued.delete(key);
    this.onTaken?.();
    return (
      issued.version === version &&
      change !== undefined &&
      issued.change === change &&
      this.now() - issued.issuedAt < CONSENT_TTL_MS
    );
  }

  /** Forgets the tokens of a closed document. */
  forget(uri: vscode.Uri): void {
    for (const action of ['create', 'update', 'run', 'run-endpoint'] as const) this.issued.delete(keyOf(uri, action));
  }
}

function keyOf(uri: vscode.Uri, action: ConsentAction): string {
  return `${action} ${uri.toString()}`;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * What Create would write, as the lens title says it: `Create "Example health" in ACME (1001) ·
 * http-server · 2 agents · every 300 s`; undefined when the document has an error (the command
 * then reports it).
 */
export function createChange(
  text: string,
  target: Pick<DeployTarget, 'connectionKey' | 'groupLabel'>,
): string | undefined {
  const { parsed, diagnostics } = lib().validateDocument('test', text);
  if (diagnostics.some((d) => d.severity === 'error')) return undefined;
  const value = parsed.value as
    { testName?: unknown; type?: unknown; agents?: unknown; interval?: unknown } | undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  // BGP runs from monitors: no agents, no interval.
  const agents = Array.isArray(value.agents) ? value.agents.length : undefined;
  const parts = [
    `Create "${untrustedLine(value.testName, 60)}" in ${target.groupLabel}`,
    untrustedLine(value.type, 30),
    ...(agents === undefined ? [] : [`${agents} agent${agents === 1 ? '' : 's'}`]),
    ...(value.interval === undefined ? [] : [`every ${untrustedLine(value.interval, 10)} s`]),
  ];
  return parts.join(' · ');
}

/**
 * The fields an update changes against `deployed`, or undefined when Update cannot say it in one line (none, a replace,
 * an error).
 */
export function updateChanges(
  uri: vscode.Uri,
  text: string,
  deployed: DeployedTest,
  target: Pick<DeployTarget, 'connectionKey' | 'aidKey'>,
  agents: readonly CatalogAgent[],
  /** v7 updates in place what v6 can only replace (a url, a server): unknown reads as v6, so such a change asks. */
  apiVersion: ApiVersion | undefined,
): FieldChange[] | undefined {
  return oneLineUpdate(planAgainst(uri, text, deployed, target, agents, apiVersion));
}

/** The plan of one document against the test it is bound to. */
export function planAgainst(
  uri: vscode.Uri,
  text: string,
  deployed: DeployedTest,
  target: Pick<DeployTarget, 'connectionKey' | 'aidKey'>,
  agents: readonly CatalogAgent[],
  apiVersion: ApiVersion | undefined,
): Plan {
  return lib().computePlan({
    documents: [{ uri: uri.toString(), text }],
    deployed: [deployed],
    connectionKey: target.connectionKey,
    aid: target.aidKey,
    agents,
    ...(apiVersion ? { apiVersion } : {}),
  });
}

/** The plan's changes when it is one update that sends every changed field; else undefined. */
export function oneLineUpdate(plan: Plan): FieldChange[] | undefined {
  const step = plan.steps[0];
  if (plan.steps.length !== 1 || step?.action !== 'update' || step.changes.length === 0) return undefined;
  const sent = new Set(Object.keys(step.request.body as object));
  return step.changes.every((change) => sent.has(change.field)) ? step.changes : undefined;
}

/** What a token is bound to: the title shown, on this connection (two may share a group label). */
export function consentedChange(target: Pick<DeployTarget, 'connectionKey' | 'aidKey'>, title: string): string {
  return `${target.connectionKey} ${target.aidKey}\n${title}`;
}

/** `Update: interval 300 → 600, testName "a" → "b"` */
export function updateChange(changes: readonly FieldChange[]): string {
  const shownChanges = changes.map((c) => `${untrustedLine(c.field, 30)} ${shown(c.from)} → ${shown(c.to)}`);
  return `Update: ${shownChanges.join(', ')}`;
}

function shown(value: unknown): string {
  return untrustedLine(typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? 'none'), 40);
}

/** What a Run Now lens consents to: the document run once as it stands at the click. */
export const RUN_NOW_CHANGE = 'run the document once now';
/** Run Now's title states no content, so its token holds across edits (one version for all). */
export const RUN_NOW_VERSION = 0;
/** What a Run Now from endpoint agents lens consents to: the document's target run once from endpoint agents. */
export const RUN_NOW_ENDPOINT_CHANGE = 'run the document once now from endpoint agents';
