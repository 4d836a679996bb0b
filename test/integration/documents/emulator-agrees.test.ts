// One rule for documents and the service: a value the documents accept, the emulator (which
// plays the service) accepts; a value the documents reject, it rejects too.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { instantTestRequest, validateDocument } from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

describe('instant-test documents and the emulator agree', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  after(async () => {
    await emulator.close();
  });

  for (const value of [true, false, 'true', 'false', '1', 'yes', 1]) {
    test(`pathtraceInSession: ${JSON.stringify(value)}`, async () => {
      const document = {
        type: 'http-server',
        testName: `In session ${JSON.stringify(value)}`,
        url: 'https://portal.example.com',
        maxMachines: 1,
        networkProtocol: 'TCP',
        pathtraceInSession: value,
      };
      const documentError = validateDocument('instant', JSON.stringify(document)).diagnostics.find(
        (d) => d.severity === 'error',
      );
      const { body } = instantTestRequest(document);
      const response = await fetch(`${emulator.url}/v6/endpoint-instant/http-server`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(
        response.status === 201,
        documentError === undefined,
        `documents say ${documentError ? `"${documentError.message}"` : 'valid'}, the emulator answered ${response.status} ${await response.text()}`,
      );
    });
  }
});
