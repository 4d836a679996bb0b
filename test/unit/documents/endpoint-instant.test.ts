// Run Now of an endpoint test document: what goes on the wire (through the client's v7
// dialect) is every field of the document the vendor's instant-test schema has, as written,
// with the agents it selects by label or by name resolved to ids; what has no field is named.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { EndpointAgent, InstantTestBodies } from '../../../src/api/types';
import { toV7InstantTest } from '../../../src/api/v7/requests';
import { endpointInstantRequest } from '../../../src/documents';
import { DocumentShapeError } from '../../../src/documents/payloads';

const DIRECTORY = {
  labels: [{ id: '1001001', name: 'Mac laptops', filters: [] }],
  agents: [
    { agentId: '0d7c6f7e-0000-4000-8000-000000000002', computerName: 'DESKTOP-7F2A', agentName: 'Ben' },
  ] as unknown as EndpointAgent[],
};
const AT = new Date(Date.UTC(2026, 10, 20, 9, 5, 30));

describe('Run Now of an endpoint test document', () => {
  test('an http-server document goes whole: each field as written, its labels as ids; interval and priority are named as not carried', () => {
    const fields = {
      url: 'https://portal.example.com/',
      protocol: 'tcp',
      tcpProbeMode: 'sack',
      authType: 'basic',
      username: 'probe',
      password: 'secret',
      httpTimeLimit: 5,
      sslVersionId: '6',
      verifyCertificate: false,
      networkMeasurements: true,
      hasPing: true,
      hasTraceroute: false,
      targetResponseTime: 900,
      hasPathTraceInSession: true,
      ipVersion: 'V4_ONLY',
    };
    const document = {
      type: 'http-server',
      testName: 'Portal',
      interval: 300,
      isPrioritized: true,
      agentLabels: ['Mac laptops'],
      maxMachines: 7,
      ...fields,
    };
    const request = endpointInstantRequest(document, DIRECTORY, AT);
    assert.equal(request.testName, 'Portal (run now 09:05:30 UTC)');
    const wire = toV7InstantTest('http-server', request.body as unknown as InstantTestBodies['http-server']);
    assert.deepEqual(wire, {
      testName: request.testName,
      agentSelectorType: 'agent-labels',
      maxMachines: 7,
      endpointAgentLabels: ['1001001'],
      ...fields,
    });
    assert.deepEqual(
      request.notCarried.map((n) => n.field),
      ['interval', 'isPrioritized'],
    );
  });

  test("an agent-to-server document by agent name: the server, port and the agents' ids; its protocol has no instant field", () => {
    const request = endpointInstantRequest(
      {
        type: 'agent-to-server',
        testName: 'VPN',
        server: 'vpn.example.com',
        port: 8443,
        protocol: 'tcp',
        agents: ['Ben'],
      },
      DIRECTORY,
      AT,
    );
    const wire = toV7InstantTest('agent-to-server', request.body as unknown as InstantTestBodies['agent-to-server']);
    assert.deepEqual(wire, {
      testName: 'VPN (run now 09:05:30 UTC)',
      agentSelectorType: 'specific-agents',
      agents: [DIRECTORY.agents[0]?.agentId],
      server: 'vpn.example.com',
      port: 8443,
    });
    assert.deepEqual(
      request.notCarried.map((n) => n.field),
      ['protocol'],
    );
  });

  test("a body already in v7's words keeps its fields: only v6 names are renamed", () => {
    const v7Body = {
      testName: 'Portal',
      url: 'https://portal.example.com/',
      hasPing: true,
      hasTraceroute: false,
      protocol: 'tcp',
      sslVersionId: '6',
    };
    assert.deepEqual(toV7InstantTest('http-server', v7Body as unknown as InstantTestBodies['http-server']), v7Body);
    const server = { testName: 'VPN', server: 'vpn.example.com', port: 443 };
    assert.deepEqual(
      toV7InstantTest('agent-to-server', server as unknown as InstantTestBodies['agent-to-server']),
      server,
    );
    assert.deepEqual(
      toV7InstantTest('agent-to-server', {
        testName: 'VPN',
        serverName: 'vpn.example.com',
        port: 443,
      } as unknown as InstantTestBodies['agent-to-server']),
      server,
    );
  });

  test('a dynamic test has no instant form: one sentence, nothing built', () => {
    assert.throws(
      () => endpointInstantRequest({ type: 'dynamic', testName: 'Zoom', application: 'zoom' }, {}, AT),
      (error: Error) => error instanceof DocumentShapeError && /dynamic tests have no instant form/.test(error.message),
    );
  });
});
