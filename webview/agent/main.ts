// Entry of the agent card webview: name, status in words and colour, the fields in sections,
// and the next steps (this agent's data in the Netmon view, the JSON as sent).
import type { AgentCard } from '../../src/analysis/agents/card';
import { el } from '../shared/dom';
import { drawSafely } from '../shared/draw-safely';
import { GRADE_COLORS } from '../shared/grades';
import { hostApi } from '../shared/ipc';
import { adoptStyles } from '../shared/sheet';
import { isAgentHostMessage, type AgentPanelMessage } from './protocol';
import { AGENT_CSS } from './styles';

const host = hostApi<AgentPanelMessage>();
adoptStyles(AGENT_CSS);
const root = el('div', {}, el('p', { class: 'agt-muted', role: 'status' }, 'Loading the agent…'));
/** Says what happened (loaded, failed) without reading the whole card out. */
const live = el('p', { class: 'agt-live', role: 'status', 'aria-live': 'polite' });
document.body.append(live, root);

const STATUS_GRADES: Record<string, string> = { enabled: 'ok', disabled: 'warn', deleted: 'bad', unknown: 'unknown' };

function render(card: AgentCard, canOpenJson: boolean): HTMLElement {
  const status = el('span', { class: 'agt-status' }, String(card.statusText));
  status.style.setProperty('--grade-color', GRADE_COLORS[STATUS_GRADES[card.status] ?? 'unknown'] ?? '');
  const button = (label: string, type: 'filterByAgent' | 'openJson', primary = false): HTMLButtonElement => {
    const node = el('button', { type: 'button', class: primary ? 'primary' : undefined }, label);
    node.addEventListener('click', () => host.postMessage({ type, params: { agentId: String(card.agentId) } }));
    return node;
  };
  return el(
    'main',
    { class: 'agt' },
    el('header', { class: 'agt-head' }, el('h1', {}, String(card.title)), status),
    el(
      'div',
      { class: 'agt-actions' },
      button('Show this agent\u2019s data in the Netmon view', 'filterByAgent', true),
      canOpenJson ? button('Open as JSON', 'openJson') : null,
    ),
    ...card.sections.map((section, index) =>
      el(
        'section',
        { 'aria-labelledby': `agt-s${index}` },
        el('h2', { id: `agt-s${index}` }, String(section.heading)),
        el(
          'dl',
          {},
          ...section.facts.flatMap(([name, value]) => [el('dt', {}, String(name)), el('dd', {}, String(value))]),
        ),
      ),
    ),
  );
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isAgentHostMessage(message)) return;
  if (message.type === 'error') {
    live.textContent = '';
    root.replaceChildren(el('p', { class: 'agt-error', role: 'alert' }, message.params.message));
    return;
  }
  const { card, canOpenJson } = message.params;
  drawSafely(host, () => {
    root.replaceChildren(render(card, canOpenJson));
    live.textContent = `Agent ${String(card.title)}: ${String(card.statusText)}`;
    host.postMessage({ type: 'loaded', params: { agentId: String(card.agentId) } });
  });
});

host.postMessage({ type: 'ready', params: undefined });
