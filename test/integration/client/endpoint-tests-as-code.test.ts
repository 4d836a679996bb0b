// Endpoint tests as code through the client, against the emulator over loopback HTTP: labels
// (all pages), scheduled and dynamic tests listed with their agent selection, created,
// patched and deleted; a PATCH of what v7 cannot change in place is a ValidationError naming
// it; a viewer is told which permission it lacks; a v6 account is told in one sentence that
// this needs the current API, before anything is sent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ForbiddenError, ValidationError } from '../../../src/api/errors';
import { createNetmonClient } from '../../../src/api';
import { ENDPOINT_TESTS_AS_CODE_NEED_V7 } from '../../../src/api/types';
import { DEMO_CREDENTIALS } from '../../../src/emulator';
import { bothDialects, rejection } from './helpers';

const NOW = Date.UTC(2026, 10, 20, 16, 0, 0);

describe('endpoint tests as code (v7 client)', () => {
  const { emulators, clients } = bothDialects(NOW);
  const v7 = (): NonNullable<(typeof clients)[number]> => clients[1]!;

  test('lists the labels, and the scheduled and dynamic tests with their agent selection', async () => {
    const labels = await v7().listEndpointLabels();
    assert.deepEqual(
      labels.map((l) => l.name),
      ['Mac laptops', 'Windows desktops', 'Troubleshooting watchlist'],
    );
    assert.equal(labels[2]?.filters[0]?.key, 'agent-id');
    const tests = await v7().listManagedEndpointTests();
    const dynamic = tests.filter((t) => t.type === 'dynamic');
    assert.deepEqual(
      dynamic.map((t) => t.fields.application),
      ['microsoft-teams', 'zoom'],
    );
    assert.deepEqual(dynamic[0]?.agentSelector, {
      agentSelectorType: 'agent-labels',
      maxMachines: 25,
      endpointAgentLabels: [labels[2]?.id],
    });
    assert.ok(tests.some((t) => t.type === 'http-server' && typeof t.fields.url === 'string'));
    assert.ok(tests.every((t) => Number.isInteger(t.testId) && t.testName !== ''));
  });

  test('creates by label, patches in place and deletes; each type at its own path', async () => {
    const [label] = await v7().listEndpointLabels();
    const created = await v7().createEndpointTest('agent-to-server', {
      testName: 'client a2s',
      server: 'example.com',
      port: 8443,
      interval: 120,
      agentSelectorType: 'agent-labels',
      endpointAgentLabels: [label!.id],
    });
    assert.equal(created.fields.port, 8443);
    assert.deepEqual(created.agentSelector.endpointAgentLabels, [label!.id]);
    const updated = await v7().updateEndpointTest('agent-to-server', created.testId, {
      interval: 300,
      server: 'example.org',
    });
    assert.equal(updated.interval, 300);
    assert.equal(updated.fields.server, 'example.org');
    const refused = await rejection(
      v7().updateEndpointTest('agent-to-server', created.testId, { agentSelectorType: 'all-agents' }),
    );
    assert.ok(refused instanceof ValidationError);
    assert.match(refused.message, /cannot be changed in place/);
    await v7().deleteEndpointTest('agent-to-server', created.testId);
    assert.ok(!(await v7().listManagedEndpointTests()).some((t) => t.testId === created.testId));

    const dynamic = await v7().createEndpointTest('dynamic', {
      testName: 'client webex',
      application: 'webex',
      interval: 300,
    });
    assert.equal(dynamic.type, 'dynamic');
    assert.equal((await v7().updateEndpointTest('dynamic', dynamic.testId, { isEnabled: false })).isEnabled, false);
    await v7().deleteEndpointTest('dynamic', dynamic.testId);
  });

  test('a viewer is told the permission it lacks', async () => {
    const viewer = createNetmonClient({
      baseUrl: emulators[1]!.url,
      apiVersion: 'v7',
      aid: 1001,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.viewer.token },
    });
    try {
      const error = await rejection(
        viewer.createEndpointTest('http-server', { testName: 'viewer', url: 'https://example.com' }),
      );
      assert.ok(error instanceof ForbiddenError);
      assert.match(error.message, /Edit endpoint tests/);
    } finally {
      await viewer.close();
    }
  });

  test('a v6 account is told in one sentence that this needs the current API, and nothing is sent', async () => {
    const sent: string[] = [];
    const stop = clients[0]!.addRequestListener((event) => sent.push(event.path));
    try {
      for (const attempt of [
        clients[0]!.listEndpointLabels(),
        clients[0]!.listManagedEndpointTests(),
        clients[0]!.deleteEndpointTest('dynamic', 1),
      ]) {
        const error = await rejection(attempt);
        assert.ok(error instanceof RangeError);
        assert.equal(error.message, ENDPOINT_TESTS_AS_CODE_NEED_V7);
      }
      assert.deepEqual(sent, []);
    } finally {
      stop();
    }
  });
});
