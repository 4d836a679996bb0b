// Finding an endpoint agent as one types: computer name, agent id, OS, model and status are
// searched at once; every word typed must match somewhere. Built once per agent list, a
// keystroke is one pass over precomputed lower-case text, so 10,000 agents stay instant.
// The quick pick and `netmon agent timeline <name|id>` both use it.
import type { EndpointAgent } from '../../api/types';
import { asString } from '../har/narrow';
import { agentStatus } from './card';

export interface AgentMatch {
  agent: EndpointAgent;
  name: string;
  rank: number;
}

interface Entry {
  agent: EndpointAgent;
  id: string;
  name: string;
  lowerName: string;
  text: string;
}

/** Ranks: the id or name exactly, the name's start, a word's start in any field, anywhere. */
const EXACT = 0;
const NAME_PREFIX = 1;
const WORD_START = 2;
const ANYWHERE = 3;

export class AgentSearch {
  private readonly entries: Entry[];

  constructor(agents: readonly EndpointAgent[]) {
    this.entries = agents.map((agent) => {
      const id = asString(agent.agentId);
      const name = asString(agent.computerName) || id;
      const fields = [
        name,
        id,
        asString(agent.osVersion),
        asString(agent.manufacturer),
        asString(agent.model),
        agentStatus(agent),
      ];
      return { agent, id, name, lowerName: name.toLowerCase(), text: ` ${fields.join(' ').toLowerCase()}` };
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** The best `limit` matches, best first (then by name); an empty query lists agents by name. */
  search(query: string, limit = 50): AgentMatch[] {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    const whole = query.trim().toLowerCase();
    const found: AgentMatch[] = [];
    for (const entry of this.entries) {
      const rank = terms.length === 0 ? ANYWHERE : rankOf(entry, terms, whole);
      if (rank !== undefined) found.push({ agent: entry.agent, name: entry.name, rank });
    }
    found.sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
    return found.slice(0, limit);
  }

  /** The one agent `query` names: its id, its exact name, or the only match; else undefined with the candidates. */
  resolve(query: string): { agent?: EndpointAgent; candidates: AgentMatch[] } {
    const matches = this.search(query, 10);
    const exact = matches.filter((m) => m.rank === EXACT);
    if (exact.length === 1) return { agent: exact[0]!.agent, candidates: exact };
    if (matches.length === 1) return { agent: matches[0]!.agent, candidates: matches };
    return { candidates: exact.length > 1 ? exact : matches };
  }
}

function rankOf(entry: Entry, terms: readonly string[], whole: string): number | undefined {
  if (entry.id.toLowerCase() === whole || entry.lowerName === whole) return EXACT;
  let rank = NAME_PREFIX;
  for (const term of terms) {
    const at = entry.text.indexOf(term);
    if (at < 0) return undefined;
    if (entry.lowerName.startsWith(term)) continue;
    rank = Math.max(
      rank,
      entry.text.includes(` ${term}`) || /[-_.]/.test(entry.text.charAt(at - 1)) ? WORD_START : ANYWHERE,
    );
  }
  return rank;
}
