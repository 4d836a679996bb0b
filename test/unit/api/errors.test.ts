// Statuses and failures map to the typed errors a caller acts on, with the server's
// message and a redacted path in every message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AuthenticationError,
  ForbiddenError,
  InvalidFilterError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from '../../../src/api';
import { errorForStatus, extractErrorMessage } from '../../../src/api/error-mapping';
import { findFilterProblem } from '../../../src/api/filters';

const context = { method: 'POST', path: '/v7/tests/http-server' };
const body = (message: string): string => JSON.stringify({ errorMessage: message });

test('400, 406 and 415 are validation errors carrying the server message', () => {
  for (const status of [400, 406, 415]) {
    const error = errorForStatus(status, body(`rule ${status}`), context);
    assert.ok(error instanceof ValidationError, String(status));
    assert.equal(error.status, status);
    assert.equal(error.errorMessage, `rule ${status}`);
    assert.equal(error.message, `${status} request rejected (POST /v7/tests/http-server): rule ${status}`);
  }
});

test('other statuses map to their classes', () => {
  assert.ok(errorForStatus(401, '', context) instanceof AuthenticationError);
  assert.ok(errorForStatus(404, '', context) instanceof NotFoundError);
  assert.ok(errorForStatus(500, '', context) instanceof ServerError);
  assert.ok(errorForStatus(418, '', context) instanceof ServerError);
  const limited = errorForStatus(429, '', context, 1_800_000_000);
  assert.ok(limited instanceof RateLimitedError);
  assert.equal(limited.resetAt?.getTime(), 1_800_000_000_000);
  const forbidden = errorForStatus(403, body('no'), {
    ...context,
    operation: 'creating tests',
    requiredPermission: 'Account Admin',
  });
  assert.ok(forbidden instanceof ForbiddenError);
  assert.match(forbidden.message, /^403 creating tests needs Account Admin/);
});

test('the server message is read from JSON or XML bodies', () => {
  assert.equal(extractErrorMessage('{"errorMessage":"bad aid"}'), 'bad aid');
  assert.equal(extractErrorMessage('<response><errorMessage>bad aid</errorMessage></response>'), 'bad aid');
  assert.equal(extractErrorMessage('<html>oops</html>'), undefined);
  assert.equal(extractErrorMessage(''), undefined);
});

test('a network error never repeats a token from its cause', () => {
  const error = new NetworkError({ method: 'GET', path: '/x', reason: 'connect failed for /x?authToken=secret' });
  assert.ok(!error.message.includes('secret'));
});

test('filters are checked per endpoint', () => {
  assert.equal(
    findFilterProblem('user-sessions', [
      { key: 'domain', values: ['a.com'] },
      { key: 'platform', values: ['Mac'] },
    ]),
    undefined,
  );
  assert.match(findFilterProblem('web', [{ key: 'domain', values: ['a.com'] }])?.reason ?? '', /\/user-sessions\/web/);
  assert.equal(findFilterProblem('network-topology', [{ key: 'type', values: ['vpn', 'gateway'] }]), undefined);
  assert.match(
    findFilterProblem('network-topology', [{ key: 'type', values: ['router'] }])?.reason ?? '',
    /"router" is not one of/,
  );
  assert.match(findFilterProblem('network', [{ key: 'agentId', values: [] }])?.reason ?? '', /at least one value/);
  const error = new InvalidFilterError({ method: 'POST', path: '/v6/x', filterKey: 'type', reason: 'nope' });
  assert.ok(error instanceof ValidationError);
  assert.equal(error.kind, 'invalid-filter');
});
