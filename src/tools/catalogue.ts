// The one tool catalogue and the one way a tool is called: arguments checked against its JSON
// Schema (ajv) before it runs, writes refused unless allowed, the answer bounded, and every
// failure turned into a sentence (an MCP `isError` result, a VS Code tool error).
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { isNetmonError } from '../api';
import { InputError } from '../workflows/input-error';
import { argumentOf } from './args';
import { agentTimelineTool, findAgent } from './agents';
import { explainAlertTool, listAlertsTool } from './alerts';
import { backtestAlertRule } from './backtest';
import { boundedData, boundedText } from './bound';
import { applyDocuments, planDocuments } from './deploy';
import { validateDocumentsTool } from './documents';
import { compareHars, redactHarTool, writeRedactedHar } from './hars';
import { runInstantTest } from './instant';
import { diffPath, localizePath } from './paths';
import { compareSessionsTool, explainSession, findWorstSessions } from './sessions';
import { sessionPath } from './session-path';
import { ToolInputError, type ToolAnswer, type ToolContext, type ToolDefinition } from './types';
import { untrustedLine } from '../analysis/text/untrusted';
import { fenced, outside } from './fence';

export const TOOLS: readonly ToolDefinition[] = [
  findWorstSessions,
  explainSession,
  sessionPath,
  agentTimelineTool,
  findAgent,
  localizePath,
  diffPath,
  listAlertsTool,
  explainAlertTool,
  backtestAlertRule,
  compareSessionsTool,
  compareHars,
  redactHarTool,
  writeRedactedHar,
  validateDocumentsTool,
  planDocuments,
  applyDocuments,
  runInstantTest,
];

export function toolNamed(name: string): ToolDefinition | undefined {
  return TOOLS.find((tool) => tool.name === name);
}

// Union types: every id takes a number or a string (ID_TYPES in args.ts).
const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
const validators = new Map<string, ValidateFunction>();

function validatorOf(tool: ToolDefinition): ValidateFunction {
  let validate = validators.get(tool.name);
  if (!validate) {
    validate = ajv.compile(tool.inputSchema);
    validators.set(tool.name, validate);
  }
  return validate;
}

function schemaError(error: ErrorObject | undefined): string {
  if (!error) return "the arguments do not match the tool's input schema";
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'the arguments';
  if (error.keyword === 'additionalProperties')
    return `${where} has an unknown argument "${untrustedLine(String(error.params['additionalProperty']), 60)}"`;
  if (error.keyword === 'required') return `${where} needs ${String(error.params['missingProperty'])}`;
  return `${where} ${error.message ?? 'is not valid'}`;
}

export interface ToolOutcome extends ToolAnswer {
  isError: boolean;
}

/**
 * Runs `name` with `args` in `ctx`. Never throws: bad input, a refused write, an API error
 * or a failure become `isError` with one sentence saying what to do.
 */
export async function callTool(name: string, args: unknown, ctx: ToolContext): Promise<ToolOutcome> {
  const tool = toolNamed(name);
  if (!tool)
    return failure(
      `There is no tool named "${untrustedLine(name, 60)}"; the tools are ${TOOLS.map((t) => t.name).join(', ')}.`,
    );
  if (tool.writes && !ctx.allowWrites)
    return failure(
      `${tool.name} ${tool.writeEffect ?? 'changes the account'}, and writes are not allowed here (start netmon mcp ` +
        `with --allow-writes, or confirm it in VS Code).`,
    );
  const input: unknown = idsAsDeclared(tool, args ?? {});
  const validate = validatorOf(tool);
  if (!validate(input)) return failure(`${tool.name}: ${schemaError(validate.errors?.[0])}.`);
  try {
    const answer = await tool.run(input as Record<string, unknown>, ctx);
    return { ...answer, text: boundedText(answer.text), data: boundedData(answer.data), isError: false };
  } catch (error) {
    const { sentence, quoted } = failureParts(error);
    return failure(`${tool.name}: ${sentence}`, quoted);
  }
}

/**
 * A count given as digits ("3") or a text given as a whole number: not refused for its type. Ids take
 * either by their schema (ID_TYPES); this covers the other scalars. Only top-level properties, only
 * whole numbers and digit strings, only where the schema wants the other.
 */
function idsAsDeclared(tool: ToolDefinition, args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const properties = (tool.inputSchema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const out: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    const wanted = properties[key]?.type;
    if (wanted === 'string' && typeof value === 'number' && Number.isSafeInteger(value)) out[key] = String(value);
    if (wanted === 'integer' && typeof value === 'string' && /^\d{1,15}$/.test(value)) out[key] = Number(value);
  }
  return out;
}

/** Netmon's sentence, then any outside text it is about inside the fence (errors are outside text too). */
function failure(sentence: string, quoted: readonly string[] = []): ToolOutcome {
  const text = quoted.length === 0 ? sentence : `${sentence}\n${fenced('the error', quoted)}`;
  const data = quoted.length === 0 ? { error: sentence } : { error: sentence, quoted: quoted.map((q) => outside(q)) };
  return { text, data, isError: true };
}

function failureParts(error: unknown): { sentence: string; quoted: readonly string[] } {
  if (error instanceof ToolInputError) return { sentence: error.message, quoted: error.quoted };
  if (error instanceof InputError) return { sentence: error.saidWith(argumentOf), quoted: [] };
  const message = error instanceof Error ? error.message : String(error);
  if (isNetmonError(error)) return { sentence: 'the API answered with an error (quoted below)', quoted: [message] };
  return { sentence: 'the call failed (the error is quoted below)', quoted: [message] };
}
