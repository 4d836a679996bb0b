// Quick picks for the command palette, when a command runs without a tree item or an id.
import { pick } from '../ui/quick-pick';
import type { NetmonClient } from '../../api';
import type { TimeOptions } from './data';
import { withCancellableProgress } from '../progress';

/** Sessions offered: the first ones of the view's time range. */
const SESSIONS_OFFERED = 50;

export async function pickUserSession(client: NetmonClient, timeOptions: TimeOptions): Promise<string | undefined> {
  const { records } = await withCancellableProgress('Loading user sessions',
    (signal) => client.userSessions({ ...timeOptions, signal }).collect({ maxRecords: SESSIONS_OFFERED }));
  if (records.length === 0) throw new Error('there are no user sessions in the Netmon view\'s time range (widen it with "Netmon: Set Time Range")');
  const picked = await pick(records.map((session) => ({
    label: session.visitedSite,
    description: `${session.date} · ${session.numberOfPages} page${session.numberOfPages === 1 ? '' : 's'}`,
    detail: session.userSessionId,
    id: session.userSessionId,
  })), { title: 'Open Session Overview', placeHolder: 'User session', matchOnDescription: true, matchOnDetail: true });
  return picked?.id;
}

export async function pickEndpointTest(client: NetmonClient): Promise<number | undefined> {
  const { records: endpointTest } = await withCancellableProgress('Loading endpoint tests', (signal) => client.endpointTests({ signal }).collect({ maxRecords: 5_000 }));
  if (endpointTest.length === 0) throw new Error('there are no endpoint tests in this account group');
  const picked = await pick(endpointTest.map((test) => ({
    label: test.testName,
    description: `${test.type} · #${test.testId}`,
    detail: test.url ?? test.server,
    testId: test.testId,
  })), { title: 'Endpoint test', placeHolder: 'Endpoint test', matchOnDescription: true });
  return picked?.testId;
}
