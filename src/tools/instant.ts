// run_instant_test: a test document of the workspace run once now, its results waited for and
// answered per agent. On today's API (v7) a scheduled test document of any type runs whole as
// an enterprise instant test, as `netmon run` runs it (src/tools/instant-enterprise.ts); an
// instant-test document, and on v6 an agent-to-server or http-server test document (as Run
// Now does), run from endpoint agents and are read as the editor's results panel reads them.
// A write: it runs a test in the account.
import { readFile } from 'node:fs/promises';
import type { InstantTestBodies } from '../api/types';
import { pollResults } from '../analysis/instant/poll';
import { instantResultsText, instantResultsView, instantRows } from '../analysis/instant/results';
import { untrustedLine } from '../analysis/text/untrusted';
import { DOCUMENT_SUFFIXES, instantTestRequest, parseDocument, runNowPlan, validateDocuments } from '../documents';
import { text, workspaceFile, workspaceName } from './args';
import { fenced, outside } from './fence';
import { describeDocumentTest, documentAgentNames, runEnterpriseDocument } from './instant-enterprise';
import { ToolInputError, type ToolAnswer, type ToolContext, type ToolDefinition } from './types';

const POLL_MS = 2000;

export const runInstantTest: ToolDefinition = {
  name: 'run_instant_test',
  title: 'Run an instant test',
  description:
    `Runs a test document of the workspace once now and answers its results per agent, by name, with the ` +
    `failing and silent agents said. On today's API (v7) a scheduled test document (${DOCUMENT_SUFFIXES.test}) ` +
    `of any type runs whole, from its own agents, as an instant test (nothing is deployed); an instant-test ` +
    `document (${DOCUMENT_SUFFIXES.instant}) runs from endpoint agents (on API v6 so does an agent-to-server or ` +
    `http-server test document, as Run Now does). Runs a test in the account: only with writes allowed.`,
  inputSchema: {
    type: 'object',
    properties: {
      document: {
        type: 'string',
        minLength: 1,
        maxLength: 500,
        description: 'The document, relative to the workspace folder.',
      },
    },
    required: ['document'],
    additionalProperties: false,
  },
  writes: true,
  async run(args, ctx) {
    const document = await readRunDocument(ctx, text(args, 'document') as string);
    if (document.isTest && (await speaksV7(ctx))) return runEnterpriseDocument(ctx, document.name, document.source);
    return runEndpointDocument(ctx, document);
  },
};

interface RunDocument {
  name: string;
  source: string;
  value: unknown;
  isTest: boolean;
}

async function speaksV7(ctx: ToolContext): Promise<boolean> {
  return (await ctx.account.client.apiVersion()) !== 'v6';
}

/** The document named by the call: inside the workspace, of a kind that runs, and valid. */
async function readRunDocument(ctx: ToolContext, path: string): Promise<RunDocument> {
  const file = workspaceFile(ctx, path);
  const name = workspaceName(ctx, file);
  const isTest = file.endsWith(DOCUMENT_SUFFIXES.test);
  if (!isTest && !file.endsWith(DOCUMENT_SUFFIXES.instant))
    throw new ToolInputError(
      `${outside(name, 200)} is not an instant-test or test document (${DOCUMENT_SUFFIXES.instant}, ` +
        `${DOCUMENT_SUFFIXES.test})`,
    );
  const source = await readFile(file, 'utf8');
  const errors = (validateDocuments([{ uri: name, text: source }]).get(name) ?? []).filter(
    (d) => d.severity === 'error',
  );
  if (errors.length > 0)
    throw new ToolInputError(
      `${outside(name, 200)} has ${errors.length} error(s), the first: ${outside(errors[0]!.message, 300)} (line ` +
        `${errors[0]!.range.start.line + 1}); validate_documents lists them`,
    );
  return { name, source, value: parseDocument(source).value, isTest };
}

/** An endpoint instant test: an instant-test document, or (v6) a test document's Run Now. */
async function runEndpointDocument(ctx: ToolContext, { name, value, isTest }: RunDocument): Promise<ToolAnswer> {
  const runNow = isTest ? runNowPlan(value) : undefined;
  if (isTest && !runNow)
    throw new ToolInputError(
      `${outside(name, 200)} is a ${outside((value as { type?: unknown }).type, 40)} test: running it now needs the ` +
        `current API (v7), and this account speaks API v6, where only agent-to-server and http-server test ` +
        `documents run now (from endpoint agents).`,
    );
  const request = instantTestRequest(runNow ? runNow.instant : value);
  const { client } = ctx.account;
  const aid = request.query['aid'] ?? ctx.account.requestAid;
  const signal = ctx.signal ?? new AbortController().signal;
  const created =
    request.type === 'http-server'
      ? await client.createInstantTest(request.type, request.body as unknown as InstantTestBodies['http-server'], {
          aid,
          signal,
        })
      : await client.createInstantTest(request.type, request.body as unknown as InstantTestBodies['agent-to-server'], {
          aid,
          signal,
        });
  const records = await pollResults(client, request.type, created.testId, aid, signal, () => undefined, POLL_MS);
  const names = await client
    .agentDirectory()
    .ready(signal)
    .then(
      (d) => d.names(),
      () => ({}) as Record<string, string>,
    );
  const rows = instantRows(request.type, records, (id) => names[id]);
  const notes = runNow
    ? [`Run now of ${name}; not carried over: ${runNow.notCarried.map((n) => n.field).join(', ') || 'nothing'}.`]
    : [];
  const view = instantResultsView(created.testId, String(request.body['testName']), request.type, rows, notes);
  return {
    text: [
      `Instant test ${created.testId} (${request.type}): ${rows.length} agent result${rows.length === 1 ? '' : 's'}.`,
      fenced('the results: the document, test and agent names and targets come from the workspace and the API', [
        `document ${name}`,
        ...instantResultsText(view).split('\n'),
      ]),
    ].join('\n'),
    data: {
      testId: created.testId,
      type: request.type,
      document: outside(name, 200),
      results: rows.slice(0, 50).map((r) => ({
        ...r,
        agent: outside(r.agent, 100),
        ...(r.error !== undefined ? { error: outside(r.error, 300) } : {}),
      })),
      resultsLeftOut: Math.max(0, rows.length - 50),
      ...(runNow ? { notCarriedOver: runNow.notCarried } : {}),
    },
  };
}

/**
 * What run_instant_test will run, for its confirmation: the document, the test's type,
 * target and agents, and how (enterprise agents on v7, endpoint agents otherwise). Never
 * throws: a document it cannot read is said so (the run then answers why).
 */
export async function describeInstantRun(ctx: ToolContext, path: string): Promise<string> {
  const shown = untrustedLine(path, 200);
  let document: RunDocument;
  try {
    document = await readRunDocument(ctx, path);
  } catch (error) {
    return (
      `${shown} (it cannot run as it is: ` +
      `${untrustedLine(error instanceof Error ? error.message : String(error), 300)})`
    );
  }
  const what = describeDocumentTest(document.value);
  if (!document.isTest) {
    const machines = (document.value as { maxMachines?: unknown }).maxMachines;
    return (
      `${what} of ${shown}, from ${typeof machines === 'number' ? `up to ${machines}` : 'the'} endpoint agents ` +
      `it selects`
    );
  }
  const v7 = await speaksV7(ctx).catch(() => false);
  if (v7)
    return (
      `${what} of ${shown}, whole, as an instant test (nothing is deployed) from its agents: ` +
      `${documentAgentNames(document.value)}`
    );
  const runNow = runNowPlan(document.value);
  return runNow
    ? `${what} of ${shown} as an endpoint instant test from up to ${String(runNow.instant['maxMachines'])} endpoint ` +
        `agents (its agents ${documentAgentNames(document.value)} are not carried over on API v6)`
    : `${what} of ${shown}: it cannot run on this account (API v6 runs only agent-to-server and http-server test ` +
        `documents now)`;
}
