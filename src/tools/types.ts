// The shape of one tool of the catalogue: what an AI agent sees (name, description, JSON
// Schema of its input) and what it runs. The same definitions are served by `netmon mcp` and
// by the VS Code language-model tools, so the two front doors cannot disagree.
import type { Account } from '../cli/account';

/** A JSON Schema of a tool's input: an object with named properties. */
export interface InputSchema {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  additionalProperties: false;
}

export interface ToolContext {
  /** The connection: the client, and where it points (for messages). */
  account: Account;
  /** The workspace folder: HAR and document paths are read below it only. */
  cwd: string;
  /** Writes (apply_documents, run_instant_test, files written) run only when true. */
  allowWrites: boolean;
  /** Our clock (tests pin it to the emulator's). */
  now(): number;
  signal?: AbortSignal;
}

/** What a tool answers: text a model reads, and the same analysis as JSON. */
export interface ToolAnswer {
  text: string;
  data: Record<string, unknown>;
  /** Netmon commands that open what the answer names (VS Code says them; MCP clients get them in the JSON). */
  opens?: { command: string; title: string; args?: unknown[] }[];
}

export interface ToolDefinition {
  /** snake_case, as MCP clients show it. */
  name: string;
  /** A few words for a picker. */
  title: string;
  /** What it answers and when to use it, for the model. */
  description: string;
  inputSchema: InputSchema;
  /** Changes the account or the workspace: refused unless the context allows writes. */
  writes: boolean;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolAnswer>;
}

/** A mistake in the call (bad arguments, unknown name, a write not allowed): said as a sentence, never retried as is. */
export class ToolInputError extends Error {}
