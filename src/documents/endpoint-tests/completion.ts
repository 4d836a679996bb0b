// Completion in endpoint test documents: label names inside "agentLabels", agent names
// inside "agents", from the account's lists (the caller reads them, bounded).
import { getLocation } from 'jsonc-parser';
import type { EndpointAgent, EndpointLabel } from '../../api/types';
import type { CompletionItem } from '../completion';
import { parseDocument } from '../parse';

/** The array whose names complete at `offset`: a value inside "agentLabels" or "agents". */
export function endpointCompletionField(text: string, offset: number): 'agentLabels' | 'agents' | undefined {
  const location = getLocation(text, offset);
  const [field, index] = location.path;
  if (location.isAtPropertyKey || location.path.length !== 2 || typeof index !== 'number') return undefined;
  return field === 'agentLabels' || field === 'agents' ? field : undefined;
}

export function endpointCompletionsAt(
  text: string,
  offset: number,
  directory: { labels?: readonly EndpointLabel[]; agents?: readonly EndpointAgent[] },
): CompletionItem[] {
  const field = endpointCompletionField(text, offset);
  if (!field) return [];
  const literal = getLocation(text, offset).previousNode;
  const parsed = parseDocument(text);
  const replaces = literal?.type === 'string' && offset >= literal.offset && offset <= literal.offset + literal.length;
  const range = replaces ? parsed.lines.nodeRange(literal) : parsed.lines.range(offset, 0);
  if (field === 'agentLabels') {
    return (directory.labels ?? []).map((label, order) => ({
      label: label.name,
      kind: 'value',
      detail: describeFilters(label),
      insertText: JSON.stringify(label.name),
      range,
      order,
    }));
  }
  return (directory.agents ?? []).flatMap((agent, order) => {
    const name = agent.agentName || agent.computerName;
    return name
      ? [{ label: name, kind: 'agent' as const, detail: agent.agentId, insertText: JSON.stringify(name), range, order }]
      : [];
  });
}

function describeFilters(label: EndpointLabel): string {
  const filters = label.filters.map(
    (f) =>
      `${f.key} ${f.mode === 'not-in' ? 'not in' : 'in'} ` +
      `${f.values.slice(0, 3).join(', ')}${f.values.length > 3 ? ' …' : ''}`,
  );
  return (filters.length === 0 ? 'no filters' : filters.join(label.matchType === 'and' ? ' and ' : ' or ')).slice(
    0,
    200,
  );
}
