// "Add to Test Document…": an enterprise agent joins a test document's agents, named in a
// comment, unless it runs the test already.
import { appendItemEdits, type TextEdit } from './edits';
import { parseDocument } from './parse';

export function addAgentEdits(text: string, agentId: number, agentName?: string): TextEdit[] {
  const value = parseDocument(text).value as { agents?: unknown } | undefined;
  const agents = Array.isArray(value?.agents) ? (value.agents as { agentId?: unknown }[]) : [];
  if (agents.some((agent) => String(agent?.agentId) === String(agentId))) return [];
  return appendItemEdits(text, ['agents'], { agentId }, agentName);
}

/** The agent ids a test document names (agents and targetAgentId), as written. */
export function listAgentIds(text: string): string[] {
  const value = parseDocument(text).value as { agents?: unknown; targetAgentId?: unknown } | undefined;
  const agents = Array.isArray(value?.agents) ? (value.agents as { agentId?: unknown }[]) : [];
  return [...agents.map((a) => a?.agentId), value?.targetAgentId]
    .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
    .map(String);
}
