// The shape of one tool of the catalogue: what an AI agent sees (name, description, JSON
// Schema of its input) and what it runs. The same definitions are served by `netmon mcp` and
// by the VS Code language-model tools, so the two front doors cannot disagree.
import type { Account } from '../workflows/account';

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
  /**
   * The workspace folder (VS Code's first one; the folder `netmon mcp` runs in): HAR and
   * document paths are read below it only, and files are written below it only, through real
   * folders (no symbolic link on the way: src/files/safe-write.ts checkFolderChain).
   */
  cwd: string;
  /**
   * Writes (apply_documents, run_instant_test, write_redacted_har) run only when true: after VS Code asked, or `netmon
   * mcp --allow-writes`.
   */
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

/**
 * What a person is asked before a write runs: plain text (names in it come from the caller), naming the exact file or
 * change.
 */
export interface WriteConfirmation {
  title: string;
  message: string;
}

export interface ToolDefinition {
  /** snake_case, as MCP clients show it. */
  name: string;
  /** A few words for a picker. */
  title: string;
  /** What it answers and when to use it, for the model. */
  description: string;
  inputSchema: InputSchema;
  /**
   * Creates or changes a file, or changes the account: refused unless the context allows
   * writes, refused in Restricted Mode, asked about first in VS Code, and served by `netmon mcp`
   * only with --allow-writes. Every tool that can write says so here, whatever its arguments
   * (test/integration/tools/catalogue-writes.test.ts watches each tool run and holds it to it).
   */
  writes: boolean;
  /**
   * For a write that is not to the account: what it does, for the sentences that refuse it ("writes a file in the
   * workspace").
   */
  writeEffect?: string;
  /**
   * For a write: the question VS Code asks before it runs (apply_documents and run_instant_test have theirs in
   * src/vscode/lm-tools).
   */
  describeWrite?(args: Record<string, unknown>, ctx: ToolContext): Promise<WriteConfirmation>;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolAnswer>;
}

/**
 * A mistake in the call (bad arguments, unknown name, a write not allowed): said as a sentence, never retried as is.
 */
export class ToolInputError extends Error {
  /**
   * `message` is Netmon's own sentence; `quoted` is the outside text it is about, shown to the model only inside the
   * fence.
   */
  constructor(
    message: string,
    readonly quoted: readonly string[] = [],
  ) {
    super(message);
  }
}
