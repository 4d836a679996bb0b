// "Netmon: Run Instant Test…": quick inputs for type, target, max machines and the main
// options, the same run as the document lens, then an offer to save the answers as a
// .netmon-instant.json document. The command takes no answers: the extension-host suites
// call runWithAnswers through the test API, and still answer the save dialog themselves.
import * as vscode from 'vscode';
import { pick, pickText } from '../ui/quick-pick';
import type { EndpointTestType } from '../../api/types';
import { documentsLibrary as lib } from './library';
import type { TreeNode } from '../tree/nodes';
import { saveChosenFiles } from '../files/save-files';
import type { Prompts } from '../ui/prompts';

export interface InstantAnswers {
  type: EndpointTestType;
  /** url for http-server, serverName for agent-to-server. */
  target: string;
  maxMachines: number;
  testName?: string;
  /** Main options: flagPing, flagTraceroute, port, networkProtocol… */
  options?: Record<string, unknown>;
}

const FLAG_ITEMS = [
  { label: 'flagPing', description: 'Ping the target', picked: true },
  { label: 'flagTraceroute', description: 'Trace the path to the target', picked: true },
] as const;

/** Turns answers into the instant-test document they stand for. */
export function instantDocument(answers: InstantAnswers): Record<string, unknown> {
  const targetField = answers.type === 'http-server' ? 'url' : 'serverName';
  return {
    type: answers.type,
    testName: answers.testName ?? lib().instantTestName(answers.type, answers.target),
    [targetField]: answers.target,
    maxMachines: answers.maxMachines,
    ...answers.options,
  };
}

/** Asks step by step; undefined when the user escapes any step. */
export async function askInstantAnswers(agent: TreeNode | undefined): Promise<InstantAnswers | undefined> {
  const typePick = await pick(
    [
      { label: 'http-server', description: 'HTTP request to a URL, with network metrics (6 steps)' },
      { label: 'agent-to-server', description: 'Network test to a host or IP (5 steps)' },
    ],
    { title: 'Run Instant Test (1/…): type' },
  );
  if (!typePick) return undefined;
  const type = typePick.label as EndpointTestType;
  // The last step is the offer to save the answers as a document, after the run.
  const steps = type === 'http-server' ? 6 : 5;
  const target = await vscode.window.showInputBox({
    title: `Run Instant Test (2/${steps}): ${type === 'http-server' ? 'URL' : 'server (host or IP, no protocol)'}`,
    placeHolder: type === 'http-server' ? 'https://portal.example.com' : 'vpn.example.com',
    validateInput: (value) => (value.trim() === '' ? 'A target is required' : undefined),
  });
  if (target === undefined) return undefined;
  const machines = await vscode.window.showInputBox({
    title: `Run Instant Test (3/${steps}): maximum machines (1–5000)`,
    value: agent ? '1' : '10',
    // The API has no agent selector: say so where the user would assume one.
    prompt: agent
      ? `The service picks the machines: the test is not pinned to ${agent.label}, it runs on up to this many ` +
        'agents of the account group'
      : undefined,
    validateInput: (value) =>
      /^[0-9]+$/.test(value) && Number(value) >= 1 && Number(value) <= 5000
        ? undefined
        : 'A whole number from 1 to 5000',
  });
  if (machines === undefined) return undefined;
  const options = await askOptions(type, steps);
  if (!options) return undefined;
  // The API has no agent selector: the test runs on up to maxMachines agents, not only this one.
  const testName = agent ? lib().instantTestName(type, target.trim(), agent.label) : undefined;
  return { type, target: target.trim(), maxMachines: Number(machines), options, testName };
}

async function askOptions(type: EndpointTestType, steps: number): Promise<Record<string, unknown> | undefined> {
  const flags = await pick(
    FLAG_ITEMS.map((item) => ({ ...item })),
    { title: `Run Instant Test (4/${steps}): options`, canPickMany: true },
  );
  if (!flags) return undefined;
  const picked = new Set(flags.map((f) => f.label));
  const options: Record<string, unknown> = {
    flagPing: picked.has('flagPing'),
    flagTraceroute: picked.has('flagTraceroute'),
  };
  if (type === 'http-server') {
    const protocol = await pickText(['ICMP', 'TCP'], {
      title: `Run Instant Test (5/${steps}): network protocol of the path measurements`,
    });
    if (!protocol) return undefined;
    options['networkProtocol'] = protocol;
  }
  return options;
}

/** Refuses answers the documents layer would reject, with the first error. */
export function checkInstantDocument(document: Record<string, unknown>): void {
  const error = lib()
    .validateDocument('instant', JSON.stringify(document))
    .diagnostics.find((d) => d.severity === 'error');
  if (error) throw new Error(`the instant test is not valid: ${error.message}`);
}

/** Offers to save the answers; the file is always chosen in the save dialog. */
export async function offerToSave(
  document: Record<string, unknown>,
  prompts: Prompts,
): Promise<vscode.Uri | undefined> {
  const steps = document['type'] === 'http-server' ? 6 : 5;
  const answer = await prompts.offer(
    `Run Instant Test (${steps}/${steps}): save these answers as a .netmon-instant.json document?`,
    'Save…',
  );
  if (answer !== 'Save…') return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = String(document['testName'])
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  const uri = await prompts.saveLocation({
    title: 'Save the instant test as a document',
    defaultUri: folder && vscode.Uri.joinPath(folder, `${name}.netmon-instant.json`),
    filters: { 'Netmon instant test': ['netmon-instant.json'] },
  });
  if (!uri) return undefined;
  return (await saveChosenFiles(prompts, { destination: uri, content: `${JSON.stringify(document, null, 2)}\n` }))
    ? uri
    : undefined;
}
