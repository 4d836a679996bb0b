// An endpoint agent as a readable card (what a click on an agent in the Netmon view opens):
// name, status in words, its fields in sections, and the next steps.
import * as vscode from 'vscode';
import { agentCard } from '../../analysis/agents/card';
import { isAgentPanelMessage, type AgentHostMessage, type AgentPanelMessage } from '../../../webview/agent/protocol';
import type { PanelHost } from './panel-host';
import { createPanelHost, type PanelServices } from './services';
import { COMMAND } from '../command-ids.generated';

type Host = PanelHost<AgentHostMessage, AgentPanelMessage>;

export class AgentPanels {
  /** The name each open card shows (what the filter it sets reads as), by panel id. */
  private readonly shownNames = new Map<string, string>();

  constructor(private readonly services: PanelServices) {}

  /** Opens (or reveals) the card of one agent; `openJson` is offered when given. Resolves to the panel id. */
  async open(agentId: string, openJson?: () => Thenable<unknown>): Promise<string> {
    const key = `agent:${agentId}`;
    const existing = this.services.registry.byKey(key) as Host | undefined;
    if (existing) {
      existing.panel.reveal();
      if (existing.snapshot().error !== undefined) await this.load(existing, agentId, openJson !== undefined);
      return existing.id;
    }
    const host = createPanelHost<AgentHostMessage, AgentPanelMessage>(
      this.services,
      {
        kind: 'agent',
        key,
        title: `Agent ${agentId}`,
        bundle: 'agent',
        isPanelMessage: isAgentPanelMessage,
        renderedType: 'loaded',
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    host.onDidDispose(() => this.shownNames.delete(host.id));
    host.onMessage(async (message) => {
      // The card names its own agent only: a message cannot act on another.
      if (message.type === 'loaded' || message.type === 'renderFailed') return;
      if (message.params.agentId !== agentId)
        throw new Error(`the card of agent ${agentId} named agent ${message.params.agentId}`);
      if (message.type === 'filterByAgent') {
        await vscode.commands.executeCommand(COMMAND.addFilter, {
          key: 'agentId',
          values: [agentId],
          labels: { [agentId]: this.shownNames.get(host.id) ?? agentId },
        });
        await vscode.commands.executeCommand('netmon.explorer.focus');
      }
      if (message.type === 'openJson' && openJson) await openJson();
    });
    await this.load(host, agentId, openJson !== undefined);
    return host.id;
  }

  private async load(host: Host, agentId: string, canOpenJson: boolean): Promise<void> {
    const client = this.services.connection.requireClient();
    const detail = await host.run(`Loading agent ${agentId}`, `Loading agent ${agentId}`, async (signal) => {
      return client.getEndpointAgent(agentId, { signal });
    });
    if (!detail) return;
    const card = agentCard(detail);
    this.shownNames.set(host.id, card.title);
    host.panel.title = `Agent: ${card.title}`;
    host.show({ type: 'load', params: { card, canOpenJson } });
  }
}
