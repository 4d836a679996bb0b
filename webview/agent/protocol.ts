// Messages between the agent card webview and its host. The host imports this file too.
import type { AgentCard } from '../../src/analysis/agents/card';
import { hasFields, isNothing, isRecord, isString, isTypedMessage, type Guard } from '../shared/guards';
import type { IpcMessage, ReadyMessage } from '../shared/ipc';
import { isRenderFailedParams, type RenderFailedMessage } from '../shared/render-failed';

/** Host → webview. */
export type AgentHostMessage =
  IpcMessage<'load', { card: AgentCard; canOpenJson: boolean }> | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type AgentPanelMessage =
  | ReadyMessage
  | RenderFailedMessage
  | IpcMessage<'loaded', { agentId: string }>
  /** Narrow the Netmon view to this agent's data. */
  | IpcMessage<'filterByAgent', { agentId: string }>
  | IpcMessage<'openJson', { agentId: string }>;

const isCard = ((value: unknown) => isRecord(value) && Array.isArray(value['sections'])) as Guard<AgentCard>;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isAgentRef = hasFields<{ agentId: string }>({ agentId: isString });

export function isAgentHostMessage(value: unknown): value is AgentHostMessage {
  return isTypedMessage<AgentHostMessage>(value, {
    load: hasFields<{ card: AgentCard; canOpenJson: boolean }>({ card: isCard, canOpenJson: isBoolean }),
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

export function isAgentPanelMessage(value: unknown): value is AgentPanelMessage {
  return isTypedMessage<AgentPanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    loaded: isAgentRef,
    filterByAgent: isAgentRef,
    openJson: isAgentRef,
  });
}
