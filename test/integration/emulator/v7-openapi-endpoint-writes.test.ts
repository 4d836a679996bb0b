// v7 endpoint tests as code in the emulator: scheduled agent-to-server and http-server tests
// and dynamic tests created, patched and deleted, and the endpoint agent labels, each answer
// validated against the vendor's OpenAPI schemas (test/fixtures/openapi).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { EDITOR, VIEWER, call, withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

const TESTS = '/endpoint/tests/scheduled-tests';
const DYNAMIC = '/endpoint/tests/dynamic-tests/agent-to-server';

describe('emulator v7: endpoint tests as code and endpoint labels match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let labelIds: string[] = [];
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => NOW_MS });
  });
  after(() => emulator.close());

  it('lists labels seeded from the agents, pages them and reads one', async () => {
    const labels = recordsOf(await conforming(emulator, '/endpoint/labels', '/v7/endpoint/labels'), 'labels');
    assert.deepEqual(
      labels.map((l) => l.name),
      ['Mac laptops', 'Windows desktops', 'Troubleshooting watchlist'],
    );
    labelIds = labels.map((l) => String(l.id));
    const watchlist = labels[2]?.filters as { key: string; values: string[] }[];
    const agent = await conforming(
      emulator,
      '/endpoint/agents/{agentId}',
      `/v7/endpoint/agents/${watchlist[0]?.values[0]}`,
    );
    assert.equal(agent.json.id, watchlist[0]?.values[0], 'the watchlist names agents of the group');
    const first = await conforming(emulator, '/endpoint/labels', '/v7/endpoint/labels?max=2');
    const next = (first.json._links as { next?: { href: string } }).next?.href;
    assert.ok(next, 'a second page');
    const rest = await conforming(emulator, '/endpoint/labels', next.slice(emulator.url.length));
    assert.deepEqual(
      recordsOf(rest, 'labels').map((l) => l.name),
      ['Troubleshooting watchlist'],
    );
    const one = await conforming(emulator, '/endpoint/labels/{id}', `/v7/endpoint/labels/${labelIds[0]}`);
    assert.equal(one.json.name, 'Mac laptops');
  });

  it('creates, patches and deletes scheduled tests of both types, by label and by agent', async () => {
    const agents = await call(emulator.url, '/v7/endpoint/agents');
    const agentId = String((agents.json.agents as { id: string }[])[0]?.id);
    const bodies = {
      'agent-to-server': {
        testName: 'Code a2s',
        server: 'example.com',
        port: 443,
        interval: 300,
        protocol: 'tcp',
        agentSelectorType: 'agent-labels',
        endpointAgentLabels: [labelIds[0]],
      },
      'http-server': {
        testName: 'Code http',
        url: 'https://example.com/health',
        interval: 600,
        agentSelectorType: 'specific-agents',
        agents: [agentId],
        maxMachines: 5,
      },
    };
    for (const [type, body] of Object.entries(bodies)) {
      const created = await conforming(
        emulator,
        `${TESTS}/${type}`,
        `/v7${TESTS}/${type}`,
        { token: EDITOR, json: body },
        201,
      );
      assert.equal(created.headers.location, `${emulator.url}/v7${TESTS}/${type}/${created.json.testId}`);
      assert.equal(
        (created.json.agentSelectorConfig as { agentSelectorType: string }).agentSelectorType,
        body.agentSelectorType,
      );
      const path = `/v7${TESTS}/${type}/${created.json.testId}`;
      const patched = await conforming(emulator, `${TESTS}/${type}/{testId}`, path, {
        method: 'PATCH',
        json: { testName: `${body.testName} renamed`, isEnabled: false },
      });
      assert.equal(patched.json.testName, `${body.testName} renamed`);
      assert.equal(patched.json.isEnabled, false);
      const listed = recordsOf(await conforming(emulator, `${TESTS}/${type}`, `/v7${TESTS}/${type}`), 'tests');
      assert.ok(listed.some((t) => t.testId === created.json.testId && t.testName === `${body.testName} renamed`));
      const refused = await conforming(
        emulator,
        `${TESTS}/${type}/{testId}`,
        path,
        { method: 'PATCH', json: { agentSelectorType: 'all-agents' } },
        400,
      );
      assert.match(String(refused.json.detail ?? refused.text), /cannot be changed in place/);
      const deleted = await call(emulator.url, path, { method: 'DELETE' });
      assert.equal(deleted.status, 204);
      await conforming(emulator, `${TESTS}/${type}/{testId}`, path, {}, 404);
    }
  });

  it('patches and deletes a seeded scheduled test, which leaves the list', async () => {
    const [seeded] = recordsOf(
      await conforming(emulator, `${TESTS}/agent-to-server`, `/v7${TESTS}/agent-to-server`),
      'tests',
    );
    const path = `/v7${TESTS}/agent-to-server/${seeded?.testId}`;
    await conforming(emulator, `${TESTS}/agent-to-server/{testId}`, path, { method: 'PATCH', json: { interval: 900 } });
    assert.equal((await conforming(emulator, `${TESTS}/agent-to-server/{testId}`, path)).json.interval, 900);
    assert.equal((await call(emulator.url, path, { method: 'DELETE' })).status, 204);
    const after = recordsOf(await conforming(emulator, TESTS, `/v7${TESTS}`), 'tests');
    assert.ok(!after.some((t) => t.testId === seeded?.testId));
    await conforming(emulator, `${TESTS}/agent-to-server/{testId}`, path, {}, 404);
  });

  it('lists seeded dynamic tests by label, and creates, patches and deletes one', async () => {
    const seeded = recordsOf(await conforming(emulator, DYNAMIC, `/v7${DYNAMIC}`), 'tests');
    assert.deepEqual(
      seeded.map((t) => t.application),
      ['microsoft-teams', 'zoom'],
    );
    const created = await conforming(
      emulator,
      DYNAMIC,
      `/v7${DYNAMIC}`,
      {
        token: EDITOR,
        json: {
          testName: 'Webex by code',
          application: 'webex',
          agentSelectorType: 'agent-labels',
          endpointAgentLabels: [labelIds[1]],
        },
      },
      201,
    );
    const path = `/v7${DYNAMIC}/${created.json.testId}`;
    const patched = await conforming(emulator, `${DYNAMIC}/{testId}`, path, {
      method: 'PATCH',
      json: { application: 'zoom', interval: 120 },
    });
    assert.equal(patched.json.application, 'zoom');
    assert.equal((await call(emulator.url, path, { method: 'DELETE' })).status, 204);
    await conforming(emulator, `${DYNAMIC}/{testId}`, path, {}, 404);
  });

  it('refuses a viewer, an unknown label and an unknown field with a sentence naming it', async () => {
    await conforming(
      emulator,
      `${TESTS}/agent-to-server`,
      `/v7${TESTS}/agent-to-server`,
      { token: VIEWER, json: { testName: 'no', server: 'example.com' } },
      403,
    );
    const unknown = await conforming(
      emulator,
      `${TESTS}/agent-to-server`,
      `/v7${TESTS}/agent-to-server`,
      {
        token: EDITOR,
        json: {
          testName: 'no label',
          server: 'example.com',
          agentSelectorType: 'agent-labels',
          endpointAgentLabels: ['999'],
        },
      },
      400,
    );
    assert.deepEqual(
      (unknown.json.errors as { field: string }[]).map((e) => e.field),
      ['endpointAgentLabels'],
    );
    const extra = await conforming(
      emulator,
      DYNAMIC,
      `/v7${DYNAMIC}`,
      { token: EDITOR, json: { testName: 'x', application: 'zoom', url: 'https://a' } },
      400,
    );
    assert.match(extra.text, /Field 'url' is not accepted/);
  });
});
