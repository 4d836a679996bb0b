// What the messages advise: a refused write points at the document, a refused read at the
// time range or filters — never filters for a document action.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ValidationError } from '../../../src/api';
import { errorText } from '../../../src/vscode/errors';

test('a 400 on creating a test advises fixing the document, not filters or the time range', () => {
  const error = new ValidationError({
    method: 'POST',
    path: '/v7/tests/http-server',
    status: 400,
    errorMessage: 'agents[0].agentId 1001 is not an enterprise agent of account group 1001',
  });
  const text = errorText('Creating "Portal"', error);
  assert.match(text, /1001 is not an enterprise agent/);
  assert.match(text, /Fix what the service names in the document/);
  assert.doesNotMatch(text, /filters|time range/);
});

test('a 400 on a list advises the time range or filters', () => {
  const error = new ValidationError({
    method: 'GET',
    path: '/v6/endpoint-data/user-sessions',
    status: 400,
    errorMessage: 'window and from are exclusive',
  });
  assert.match(errorText('Loading user sessions', error), /Change the time range or filters and retry/);
});
