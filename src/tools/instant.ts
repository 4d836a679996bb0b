// run_instant_test: an instant-test document of the workspace (or a scheduled test document,
// run once as "Run Now" does) started from endpoint agents, its first results waited for and
// read as the editor's results panel reads them. A write: it runs a test in the account.
import { readFile } from 'node:fs/promises';
import type { InstantTestBodies } from '../api/types';
import { pollResults } from '../analysis/instant/poll';
import { instantResultsText, instantResultsView, instantRows } from '../analysis/instant/results';
import { DOCUMENT_SUFFIXES, instantTestRequest, parseDocument, runNowPlan, validateDocuments } from '../documents';
import { text, workspaceFile, workspaceName } from './args';
import { fenced, outside } from './fence';
import { ToolInputError, type ToolDefinition } from './types';

const POLL_MS = 2000;

export const runInstantTest: ToolDefinition = {
  name: 'run_instant_test',
  title: 'Run an instant test',
  description: `Runs an instant-test document of the workspace (${DOCUMENT_SUFFIXES.instant}), or a scheduled test document (${DOCUMENT_SUFFIXES.test}) once as Run Now does, from endpoint agents, and answers its first results per agent. Runs a test in the account: only with writes allowed.`,
  inputSchema: { type: 'object', properties: { document: { type: 'string', minLength: 1, maxLength: 500, description: 'The document, relative to the workspace folder.' } }, required: ['document'], additionalProperties: false },
  writes: true,
  async run(args, ctx) {
    const file = workspaceFile(ctx, text(args, 'document') as string);
    const name = workspaceName(ctx, file);
    const isTest = file.endsWith(DOCUMENT_SUFFIXES.test);
    if (!isTest && !file.endsWith(DOCUMENT_SUFFIXES.instant)) throw new ToolInputError(`${outside(name, 200)} is not an instant-test or test document (${DOCUMENT_SUFFIXES.instant}, ${DOCUMENT_SUFFIXES.test})`);
    const source = await readFile(file, 'utf8');
    const errors = (validateDocuments([{ uri: name, text: source }]).get(name) ?? []).filter((d) => d.severity === 'error');
    if (errors.length > 0) throw new ToolInputError(`${outside(name, 200)} has ${errors.length} error(s), the first: ${outside(errors[0]!.message, 300)} (line ${errors[0]!.range.start.line + 1}); validate_documents lists them`);
    const value = parseDocument(source).value;
    const runNow = isTest ? runNowPlan(value) : undefined;
    if (isTest && !runNow) throw new ToolInputError(`${outside(name, 200)} is a test of a type with no instant form (only agent-to-server and http-server run now)`);
    const request = instantTestRequest(runNow ? runNow.instant : value);
    const { client } = ctx.account;
    const aid = request.query['aid'] ?? ctx.account.requestAid;
    const signal = ctx.signal ?? new AbortController().signal;
    const created = request.type === 'http-server'
      ? await client.createInstantTest(request.type, request.body as unknown as InstantTestBodies['http-server'], { aid, signal })
      : await client.createInstantTest(request.type, request.body as unknown as InstantTestBodies['agent-to-server'], { aid, signal });
    const records = await pollResults(client, request.type, created.testId, aid, signal, () => undefined, POLL_MS);
    const names = await client.agentDirectory().ready(signal).then((d) => d.names(), () => ({} as Record<string, string>));
    const rows = instantRows(request.type, records, (id) => names[id]);
    const notes = runNow ? [`Run now of ${name}; not carried over: ${runNow.notCarried.map((n) => n.field).join(', ') || 'nothing'}.`] : [];
    const view = instantResultsView(created.testId, String(request.body['testName']), request.type, rows, notes);
    return {
      text: [
        `Instant test ${created.testId} (${request.type}): ${rows.length} agent result${rows.length === 1 ? '' : 's'}.`,
        fenced('the results: the document, test and agent names and targets come from the workspace and the API', [`document ${name}`, ...instantResultsText(view).split('\n')]),
      ].join('\n'),
      data: { testId: created.testId, type: request.type, document: outside(name, 200), results: rows.slice(0, 50).map((r) => ({ ...r, agent: outside(r.agent, 100), ...(r.error !== undefined ? { error: outside(r.error, 300) } : {}) })), resultsLeftOut: Math.max(0, rows.length - 50), ...(runNow ? { notCarriedOver: runNow.notCarried } : {}) },
    };
  },
};
