// What in an evidence bundle still points at a person, a machine or a network (addresses,
// a BSSID, the computer's and the agent's names and ids, user names), said before the user
// sends it, and a pseudonymised copy: every value replaced by a stand-in, the same value by
// the same stand-in across the whole bundle (text, tables, pictures, attached HARs), so the
// reader can still follow one address from the verdict to the traceroute. The shapes and the
// stand-ins are the capture pseudonymizer's (src/analysis/capture/pseudonymize.ts): one rule.
import {
  EMAIL,
  IPV4,
  IPV6,
  MAC,
  Pseudonymizer,
  UUID_IN_TEXT,
  isDocumentationIpv4,
  isInternalIpv4,
  isNonAddressIpv4,
} from '../capture/pseudonymize';
import { alignedText } from './columns';
import type { EvidenceDocument, EvidenceSection } from './model';

export { isInternalIpv4 };

export type IdentifyingKind =
  'public-ip' | 'internal-ip' | 'mac' | 'ssid' | 'email' | 'id' | 'session' | 'agent' | 'host' | 'user';

/** Values the caller knows identify someone: they are found and replaced wherever they appear as text. */
export interface KnownIdentifiers {
  agentNames?: readonly string[];
  hostNames?: readonly string[];
  userNames?: readonly string[];
  /** User sessions' ids (in the title, the file names, the links): become `session-1`. */
  sessionIds?: readonly string[];
  /** Wi-Fi network names: become `ssid-1`. */
  ssids?: readonly string[];
}

export interface IdentifyingFound {
  kind: IdentifyingKind;
  label: string;
  count: number;
}

const LABELS: Record<IdentifyingKind, [string, string]> = {
  'public-ip': ['public IP address', 'public IP addresses'],
  'internal-ip': ['internal IP address', 'internal IP addresses'],
  mac: ['BSSID or MAC address', 'BSSIDs or MAC addresses'],
  ssid: ['Wi-Fi network name (SSID)', 'Wi-Fi network names (SSIDs)'],
  email: ['e-mail address', 'e-mail addresses'],
  id: ['agent or record id', 'agent or record ids'],
  session: ['session id', 'session ids'],
  agent: ['agent (computer) name', 'agent (computer) names'],
  host: ['host name', 'host names'],
  user: ['user name', 'user names'],
};

/** Known names shorter than this are not searched for: "pc" would match inside every word. */
const MIN_KNOWN_CHARS = 3;
/** Known values searched for at most. */
const MAX_KNOWN = 200;

type KnownKind = 'agent' | 'host' | 'user' | 'id' | 'session' | 'ssid';

/** Labels of fields holding a version ("Chrome 124.0.0.0"): a dotted quad there is no address. */
const VERSION_LABEL = /^(browser|[\w ]*version)$/i;

/** Fact labels whose values are names the builders took from the records. */
const NAME_FACTS: Record<string, 'agent' | 'host' | 'user'> = {
  agent: 'agent',
  hostname: 'host',
  'computer name': 'agent',
  user: 'user',
  username: 'user',
  'user name': 'user',
};

/** The identifying values the bundle holds, by kind (distinct values), in the order a reader would worry about them. */
export function identifyingData(doc: EvidenceDocument, known: KnownIdentifiers = {}): IdentifyingFound[] {
  const seen = new Map<IdentifyingKind, Set<string>>();
  const names = knownNames(doc, known);
  const add = (kind: IdentifyingKind, value: string): void => {
    // A known value found by its shape too (a session id that is a UUID) is counted once, as what it is known as.
    if (isStandIn(value) || (names.has(value) && names.get(value) !== kind)) return;
    let set = seen.get(kind);
    if (!set) seen.set(kind, (set = new Set()));
    set.add(kind === 'mac' || kind === 'email' || kind === 'id' ? value.toLowerCase() : value);
  };
  forEachText(doc, (text) => {
    for (const ip of text.match(IPV4) ?? [])
      if (!isNonAddressIpv4(ip)) add(isInternalIpv4(ip) ? 'internal-ip' : 'public-ip', ip);
    for (const ip of text.match(IPV6) ?? []) add(/^(f[cde]|::1$)/i.test(ip) ? 'internal-ip' : 'public-ip', ip);
    for (const mac of text.match(MAC) ?? []) add('mac', mac);
    for (const email of text.match(EMAIL) ?? []) add('email', email);
    for (const id of text.match(UUID_IN_TEXT) ?? []) add('id', id);
    for (const [value, kind] of names) if (containsName(text, value)) add(kind, value);
  });
  return (Object.keys(LABELS) as IdentifyingKind[]).flatMap((kind) => {
    const count = seen.get(kind)?.size ?? 0;
    return count ? [{ kind, label: LABELS[kind][count === 1 ? 0 : 1], count }] : [];
  });
}

/**
 * "3 public IP addresses, 2 internal IP addresses, 1 BSSID or MAC address"; empty when nothing identifying was found.
 */
export function identifyingWords(found: readonly IdentifyingFound[]): string {
  return found.map((f) => `${f.count} ${f.label}`).join(', ');
}

/** The bundle with every identifying value replaced; the same value gets the same stand-in everywhere in it. */
export function pseudonymiseEvidence(doc: EvidenceDocument, known: KnownIdentifiers = {}): EvidenceDocument {
  const text = pseudonymiser(doc, known);
  const note =
    'Pseudonymised: addresses, BSSIDs, ids and names were replaced by stand-ins, SSIDs and session ids too ' +
    '(the same value by the same stand-in throughout; netmasks and version numbers are kept).';
  return {
    ...doc,
    title: text(doc.title),
    verdict: { grade: doc.verdict.grade, lines: doc.verdict.lines.map(text) },
    facts: doc.facts.map((f) => ({ label: f.label, value: VERSION_LABEL.test(f.label) ? f.value : text(f.value) })),
    sections: doc.sections.map((section) => sectionText(section, text)),
    // A picture is redrawn from its SVG text; its raster would still show the old labels.
    images: doc.images.map(({ png: _png, ...image }) => ({
      ...image,
      caption: text(image.caption),
      svg: text(image.svg),
    })),
    attachments: doc.attachments.map((a) => {
      // Every string of the HAR, read as text (header names and the HAR's shape stay as they are).
      const json = JSON.stringify(mapStrings(JSON.parse(a.json) as unknown, text, 0, { left: MAX_ATTACHMENT_NODES }));
      // The file name carries the session's id.
      return { ...a, name: text(a.name), json, bytes: new TextEncoder().encode(json).length };
    }),
    highlightedHops: doc.highlightedHops.map((h) => ({
      id: text(h.id),
      label: text(h.label),
      details: text(h.details),
    })),
    links: doc.links.map((l) => ({ label: text(l.label), url: text(l.url) })),
    omissions: [...doc.omissions.map(text), note],
  };
}

/** Free text → its pseudonymised form: the known names first (longest first, so a name inside another goes whole). */
function pseudonymiser(doc: EvidenceDocument, known: KnownIdentifiers): (value: string) => string {
  const stand = new Pseudonymizer();
  const standIn = (value: string, kind: KnownKind): string =>
    kind === 'id'
      ? stand.id(value)
      : kind === 'session'
        ? stand.sessionId(value)
        : kind === 'ssid'
          ? stand.ssid(value)
          : stand.name(value, kind);
  const names = [...knownNames(doc, known)]
    .sort(([a], [b]) => b.length - a.length)
    .map(([value, kind]) => [value, standIn(value, kind)] as const);
  return (value: string): string => {
    let out = value;
    for (const [name, replacement] of names) out = replaceName(out, name, replacement);
    return stand.text(out);
  };
}

/** Nodes of one attached HAR walked at most, and how deep: past them the value is dropped, never walked. */
const MAX_ATTACHMENT_NODES = 5_000_000;
const MAX_DEPTH = 64;

function mapStrings(value: unknown, text: (value: string) => string, depth: number, budget: { left: number }): unknown {
  if (--budget.left < 0 || depth > MAX_DEPTH) return '[removed: too large to pseudonymise]';
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, text, depth + 1, budget));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) out[key] = mapStrings(field, text, depth + 1, budget);
    return out;
  }
  return value;
}

function sectionText(section: EvidenceSection, text: (value: string) => string): EvidenceSection {
  if (section.kind === 'text')
    return { ...section, heading: text(section.heading), paragraphs: section.paragraphs.map(text) };
  // Stand-ins have other lengths than the values: the columns of a text table are laid out again.
  if (section.kind === 'pre')
    return { ...section, heading: text(section.heading), text: alignedText(section.text, text) };
  return {
    ...section,
    heading: text(section.heading),
    rows: section.rows.map((row) => (VERSION_LABEL.test(row[0] ?? '') ? row : row.map(text))),
    ...(section.note !== undefined ? { note: text(section.note) } : {}),
  };
}

/** Every text of the bundle a reader sees (pictures' SVG and attached HARs included). */
function forEachText(doc: EvidenceDocument, visit: (text: string) => void): void {
  visit(doc.title);
  doc.verdict.lines.forEach(visit);
  for (const f of doc.facts) if (!VERSION_LABEL.test(f.label)) visit(f.value);
  for (const s of doc.sections) {
    if (s.kind === 'text') s.paragraphs.forEach(visit);
    else if (s.kind === 'pre') visit(s.text);
    else for (const row of s.rows) if (!VERSION_LABEL.test(row[0] ?? '')) row.forEach(visit);
  }
  for (const image of doc.images) {
    visit(image.caption);
    visit(image.svg);
  }
  for (const a of doc.attachments) {
    visit(a.name);
    visit(a.json);
  }
  for (const h of doc.highlightedHops) {
    visit(h.label);
    visit(h.details);
  }
  for (const l of doc.links) {
    visit(l.label);
    visit(l.url);
  }
}

/** The caller's known values and those the bundle names itself ("Agent: frank-mbp-24 (id)", an SSID row). */
function knownNames(doc: EvidenceDocument, known: KnownIdentifiers): Map<string, KnownKind> {
  const names = new Map<string, KnownKind>();
  const add = (value: string, kind: KnownKind): void => {
    const name = value.trim();
    if (
      name.length >= MIN_KNOWN_CHARS &&
      names.size < MAX_KNOWN &&
      !names.has(name) &&
      !isStandIn(name) &&
      name !== 'not reported'
    )
      names.set(name, kind);
  };
  // The few values this bundle is about first: a caller's long list (every agent of the account) must not crowd
  // them out of the MAX_KNOWN searched.
  for (const id of known.sessionIds ?? []) add(id, 'session');
  for (const ssid of [...(known.ssids ?? []), ...ssidCells(doc)]) add(ssid, 'ssid');
  for (const fact of doc.facts) {
    const kind = NAME_FACTS[fact.label.trim().toLowerCase()];
    if (!kind) continue;
    // "frank-mbp-24 (ea-0193)": the name, then the agent's id in brackets.
    const id = /\(([^()\s]+)\)\s*$/.exec(fact.value)?.[1];
    add(fact.value.replace(/\s*\([^()]*\)\s*$/, ''), kind);
    if (id && kind === 'agent') add(id, 'id');
  }
  for (const name of known.agentNames ?? []) add(name, 'agent');
  for (const name of known.hostNames ?? []) add(name, 'host');
  for (const name of known.userNames ?? []) add(name, 'user');
  return names;
}

/** The values of table rows labelled SSID (the session's network table; each side of a comparison). */
function ssidCells(doc: EvidenceDocument): string[] {
  return doc.sections.flatMap((s) =>
    s.kind === 'table' ? s.rows.filter((row) => row[0]?.trim() === 'SSID').flatMap((row) => row.slice(1)) : [],
  );
}

/** Letters and digits: a known name glued to one is part of another word ("Home" in "Homepage"), not the name. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Where `name` occurs in `text` as a whole (not inside a longer word), from `from`; -1 when it does not. */
function nameAt(text: string, name: string, from: number): number {
  const glued = (i: number, edge: string | undefined): boolean =>
    WORD_CHAR.test(edge ?? '') && WORD_CHAR.test(text[i] ?? '');
  for (let at = text.indexOf(name, from); at >= 0; at = text.indexOf(name, at + 1))
    if (!glued(at - 1, name[0]) && !glued(at + name.length, name.at(-1))) return at;
  return -1;
}

function containsName(text: string, name: string): boolean {
  return nameAt(text, name, 0) >= 0;
}

function replaceName(text: string, name: string, replacement: string): string {
  let out = '';
  let done = 0;
  for (let at = nameAt(text, name, 0); at >= 0; at = nameAt(text, name, done)) {
    out += text.slice(done, at) + replacement;
    done = at + name.length;
  }
  return done === 0 ? text : out + text.slice(done);
}

/**
 * Stand-ins the pseudonymizer hands out: documentation addresses (RFC 5737, 3849), locally administered MACs,
 * `agent-3`, `session-1`, `ssid-2`.
 */
function isStandIn(value: string): boolean {
  return (
    isDocumentationIpv4(value) ||
    /^2001:db8:/i.test(value) ||
    /^02:00:00:/i.test(value) ||
    /^00000000-0000-4000-8000-/.test(value) ||
    /^(agent|host|user|name|id|session|ssid)-\d+$/.test(value)
  );
}
