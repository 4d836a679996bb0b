// What in an evidence bundle still points at a person, a machine or a network (addresses,
// a BSSID, the computer's and the agent's names and ids, user names), said before the user
// sends it, and a pseudonymised copy: every value replaced by a stand-in, the same value by
// the same stand-in across the whole bundle (text, tables, pictures, attached HARs), so the
// reader can still follow one address from the verdict to the traceroute. The shapes and the
// stand-ins are the capture pseudonymizer's (src/analysis/capture/pseudonymize.ts): one rule.
import { EMAIL, IPV4, IPV6, MAC, Pseudonymizer, UUID_IN_TEXT } from '../capture/pseudonymize';
import type { EvidenceDocument, EvidenceSection } from './model';

export type IdentifyingKind = 'public-ip' | 'internal-ip' | 'mac' | 'email' | 'id' | 'agent' | 'host' | 'user';

/** Values the caller knows identify someone: they are found and replaced wherever they appear as text. */
export interface KnownIdentifiers {
  agentNames?: readonly string[];
  hostNames?: readonly string[];
  userNames?: readonly string[];
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
  email: ['e-mail address', 'e-mail addresses'],
  id: ['agent or record id', 'agent or record ids'],
  agent: ['agent (computer) name', 'agent (computer) names'],
  host: ['host name', 'host names'],
  user: ['user name', 'user names'],
};

/** Known names shorter than this are not searched for: "pc" would match inside every word. */
const MIN_KNOWN_CHARS = 3;
/** Known values searched for at most. */
const MAX_KNOWN = 200;

type KnownKind = 'agent' | 'host' | 'user' | 'id';

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
  const add = (kind: IdentifyingKind, value: string): void => {
    if (isStandIn(value)) return;
    let set = seen.get(kind);
    if (!set) seen.set(kind, (set = new Set()));
    set.add(kind === 'mac' || kind === 'email' || kind === 'id' ? value.toLowerCase() : value);
  };
  const names = knownNames(doc, known);
  forEachText(doc, (text) => {
    for (const ip of text.match(IPV4) ?? []) add(isInternalIpv4(ip) ? 'internal-ip' : 'public-ip', ip);
    for (const ip of text.match(IPV6) ?? [])
      if (ip.includes('::') || ip.split(':').length >= 4) add(/^f[cde]/i.test(ip) ? 'internal-ip' : 'public-ip', ip);
    for (const mac of text.match(MAC) ?? []) add('mac', mac);
    for (const email of text.match(EMAIL) ?? []) add('email', email);
    for (const id of text.match(UUID_IN_TEXT) ?? []) add('id', id);
    for (const [value, kind] of names) if (text.includes(value)) add(kind, value);
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
  const stand = new Pseudonymizer();
  // Longest first, so a name that contains another is replaced whole.
  const names = [...knownNames(doc, known)]
    .sort(([a], [b]) => b.length - a.length)
    .map(([value, kind]) => [value, kind === 'id' ? stand.id(value) : stand.name(value, kind)] as const);
  const text = (value: string): string => {
    let out = value;
    for (const [name, standIn] of names) if (out.includes(name)) out = out.split(name).join(standIn);
    return stand.text(out);
  };
  const note =
    'Pseudonymised: addresses, BSSIDs, ids and names were replaced by stand-ins ' +
    '(the same value by the same stand-in throughout).';
  return {
    ...doc,
    title: text(doc.title),
    verdict: { grade: doc.verdict.grade, lines: doc.verdict.lines.map(text) },
    facts: doc.facts.map((f) => ({ label: f.label, value: text(f.value) })),
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
      return { ...a, json, bytes: new TextEncoder().encode(json).length };
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
  if (section.kind === 'pre') return { ...section, heading: text(section.heading), text: text(section.text) };
  return {
    ...section,
    heading: text(section.heading),
    rows: section.rows.map((row) => row.map(text)),
    ...(section.note !== undefined ? { note: text(section.note) } : {}),
  };
}

/** Every text of the bundle a reader sees (pictures' SVG and attached HARs included). */
function forEachText(doc: EvidenceDocument, visit: (text: string) => void): void {
  visit(doc.title);
  doc.verdict.lines.forEach(visit);
  for (const f of doc.facts) visit(f.value);
  for (const s of doc.sections) {
    if (s.kind === 'text') s.paragraphs.forEach(visit);
    else if (s.kind === 'pre') visit(s.text);
    else for (const row of s.rows) row.forEach(visit);
  }
  for (const image of doc.images) {
    visit(image.caption);
    visit(image.svg);
  }
  for (const a of doc.attachments) visit(a.json);
  for (const h of doc.highlightedHops) {
    visit(h.label);
    visit(h.details);
  }
  for (const l of doc.links) {
    visit(l.label);
    visit(l.url);
  }
}

/** The caller's known names and those the bundle's facts name ("Agent: frank-mbp-24 (id)"). */
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
  for (const name of known.agentNames ?? []) add(name, 'agent');
  for (const name of known.hostNames ?? []) add(name, 'host');
  for (const name of known.userNames ?? []) add(name, 'user');
  for (const fact of doc.facts) {
    const kind = NAME_FACTS[fact.label.trim().toLowerCase()];
    if (!kind) continue;
    // "frank-mbp-24 (ea-0193)": the name, then the agent's id in brackets.
    const id = /\(([^()\s]+)\)\s*$/.exec(fact.value)?.[1];
    add(fact.value.replace(/\s*\([^()]*\)\s*$/, ''), kind);
    if (id && kind === 'agent') add(id, 'id');
  }
  return names;
}

/**
 * Stand-ins the pseudonymizer hands out: documentation addresses (RFC 5737, 3849), locally administered MACs,
 * `agent-3`.
 */
function isStandIn(value: string): boolean {
  return (
    /^(192\.0\.2|198\.51\.100|203\.0\.113)\./.test(value) ||
    /^2001:db8:/i.test(value) ||
    /^02:00:00:/i.test(value) ||
    /^00000000-0000-4000-8000-/.test(value) ||
    /^(agent|host|user|name|id)-\d+$/.test(value)
  );
}

/** RFC 1918, loopback, link-local and shared (CGNAT) addresses: they name a machine inside someone's network. */
export function isInternalIpv4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}
