// Real accounts page the agents list (pages.next with an opaque pageId); so does the
// emulator's `large` preset (10,000 agents, 1,000 per page). The tree's agents root loads
// more like the data lists and follows the pageId link when the first page is used up.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import {
  SUITE_API,
  WIRE_PATHS,
  agentRows,
  apiGet,
  childrenOf,
  clearEmulatorRequests,
  emulatorRequests,
  inViewOrder,
  kindOf,
  nativePage,
  netmonApi,
  records,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

describe('the agents root of a large account', () => {
  let emulator: RunningEmulator;
  before(async function () {
    this.timeout(60_000);
    emulator = await startControlledEmulator({ preset: 'large' });
    await signInTo(emulator);
  });
  after(async () => {
    await signOut();
    await emulator.close();
  });

  it('pages with "Load more", reading the second server page through its pageId link', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const agentsRoot = await root(api, 'Endpoint Agents');
    const first = await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents');
    const next = first.pages?.next;
    assert.ok(next, 'the large preset pages its agents');
    let children = await childrenOf(api, agentsRoot);
    assert.equal(kindOf(children.at(-1)!), 'loadMore');
    await clearEmulatorRequests(emulator);
    while (records(await agentRows(api, agentsRoot)).length <= first.endpointAgents.length) {
      const loadMore = children.at(-1)!;
      assert.equal(kindOf(loadMore), 'loadMore');
      await vscode.commands.executeCommand('netmon.loadMore', ...(loadMore.treeItem().command?.arguments ?? []));
      children = await childrenOf(api, agentsRoot);
    }
    // Other readers of the agent list (names for panels, completions) may walk it too; the tree's step past page 1 is one of these.
    const sent = (await emulatorRequests(emulator)).filter((request) => request.path === WIRE_PATHS.endpointAgents);
    // The link as the signed-in emulator gave it (v7 carries the page id as `cursor`).
    const link = (
      await nativePage(emulator, WIRE_PATHS.endpointAgents, SUITE_API === 'v7' ? 'includeDeleted=true' : '')
    ).next;
    assert.ok(link, 'the first page links to the next');
    const linked = [...new URL(link).searchParams];
    assert.ok(
      sent.some((request) => linked.every(([key, value]) => request.query[key] === value)),
      `page 2 was read through its link ${link}`,
    );
    const second = await apiGet<EndpointAgentsResponse>(emulator, new URL(next).pathname + new URL(next).search);
    const labels = records(await agentRows(api, agentsRoot)).map((node) => node.label);
    const name = (agent: { computerName: string; agentId: string }): string => agent.computerName || agent.agentId;
    const loaded = [
      ...first.endpointAgents,
      ...second.endpointAgents.slice(0, labels.length - first.endpointAgents.length),
    ];
    assert.ok(loaded.length > first.endpointAgents.length, 'the second page is shown');
    assert.deepEqual(labels, inViewOrder(loaded).map(name), 'both pages, grouped by status');
  });
});
