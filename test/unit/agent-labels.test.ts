// Which agents an endpoint label holds: by id, platform or host name (any or all of its
// filters, in or not-in, case as the service ignores it); a key the agents do not carry is
// left to the service and named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelMembers } from '../../src/analysis/agents/labels';
import type { EndpointAgent, EndpointLabel } from '../../src/api/types';

const AGENTS = [
  { agentId: 'a1', computerName: 'anna-mbp-1', platform: 'mac' },
  { agentId: 'a2', computerName: 'DESKTOP-7F2A', platform: 'windows' },
  { agentId: 'a3', computerName: 'ben-mbp-3', platform: 'mac' },
] as unknown as EndpointAgent[];

const label = (filters: EndpointLabel['filters'], matchType?: 'and' | 'or'): EndpointLabel => ({
  id: '1',
  name: 'L',
  filters,
  ...(matchType ? { matchType } : {}),
});
const ids = (membership: ReturnType<typeof labelMembers>): string[] =>
  membership.decided ? membership.members.map((a) => a.agentId) : [];

test('a label holds the agents its filters name: any of them, or all with matchType and', () => {
  assert.deepEqual(ids(labelMembers(label([{ key: 'platform', values: ['Mac'] }]), AGENTS)), ['a1', 'a3']);
  assert.deepEqual(
    ids(
      labelMembers(
        label([
          { key: 'agent-id', values: ['a2'] },
          { key: 'hostname', values: ['ben-mbp-3'] },
        ]),
        AGENTS,
      ),
    ),
    ['a2', 'a3'],
  );
  assert.deepEqual(
    ids(
      labelMembers(
        label(
          [
            { key: 'platform', values: ['mac'] },
            { key: 'hostname', values: ['ben-mbp-3'], mode: 'not-in' },
          ],
          'and',
        ),
        AGENTS,
      ),
    ),
    ['a1'],
  );
  assert.deepEqual(ids(labelMembers(label([]), AGENTS)), []);
});

test('a label on a key the agents do not carry is decided by the service, and says which key', () => {
  assert.deepEqual(
    labelMembers(
      label([
        { key: 'platform', values: ['mac'] },
        { key: 'ssid', values: ['Office'] },
      ]),
      AGENTS,
    ),
    { decided: false, key: 'ssid' },
  );
});
