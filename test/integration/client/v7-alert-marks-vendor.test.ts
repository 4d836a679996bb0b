// Alert and event marks from the vendor's own example bodies (test/fixtures/v7/alerts.json,
// events.json, event.json, alert-rules.json, from its Python SDK's tests), served over loopback
// HTTP and read as the agent timeline and a test's metrics read them. The service lists an event
// with counts of what it affects and no more (Event_Detection_API_Event); only its own read names
// the tests and targets, so an event reaches a test's results or a visited site's timeline only
// once that read is made. The expectations are the bodies' values, read by hand.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testMarks, timelineMarks, type MarkInputs } from '../../../src/analysis/alerts/marks';
import { readMarkInputs } from '../../../src/workflows/alert-marks';
import { vendorBodiesClient, type VendorBodies } from './vendor-bodies';

const EVENT = 'e9c3bf02-a48c-4aa8-9e5f-898800d6f569';
/** The bodies' dates lie between 2020 and 2022. */
const RANGE = { fromMs: Date.UTC(2020, 0, 1), toMs: Date.UTC(2023, 0, 1) };

describe("alert and event marks from the vendor's example bodies", () => {
  let bodies: VendorBodies;
  let inputs: MarkInputs;
  before(async () => {
    bodies = await vendorBodiesClient({
      '/v7/alerts': 'alerts.json',
      '/v7/events': 'events.json',
      [`/v7/events/${EVENT}`]: 'event.json',
      '/v7/alerts/rules': 'alert-rules.json',
      // Where both lists' `next` links point: the last page, empty.
      '/v7/link/to/resource/id': { status: 200, body: { alerts: [], events: [] } },
    });
    const read = await readMarkInputs(bodies.client, RANGE);
    assert.ok(!('note' in read), JSON.stringify(read));
    inputs = read;
  });
  after(() => bodies.close());

  test('an alert listed as severity "MAJOR", state "ACTIVE" and alertState "trigger" is a major, active mark named by its rule', () => {
    const [first] = inputs.alerts;
    assert.ok(first?.testId);
    const { marks } = testMarks(inputs, first.testId, RANGE);
    const alerts = marks.filter((mark) => mark.kind === 'alert');
    assert.equal(alerts.length, 2);
    for (const mark of alerts) {
      assert.deepEqual(
        [mark.level, mark.active, mark.endMs, mark.title, mark.count, mark.startMs],
        ['major', true, undefined, 'The End of the Internet', 2, Date.parse('2022-07-17T22:00:54Z')],
      );
    }
  });

  test("a listed event is read whole: on its test's results and on the timeline of an agent that visited its target", () => {
    assert.ok(bodies.server.paths().includes(`GET /v7/events/${EVENT}`), bodies.server.paths().join('\n'));
    const expected = {
      kind: 'event',
      level: 'minor',
      severity: 'medium',
      active: false,
      startMs: Date.parse('2020-04-23T13:43:16Z'),
      endMs: Date.parse('2020-04-23T13:43:16Z'),
      title: 'Affecting destinations in google.com',
      testId: '226770',
      testName: 'Google test',
      count: 5,
    };
    const onTest = testMarks(inputs, '226770', RANGE).marks;
    assert.equal(onTest.length, 2, 'the list holds the event twice');
    for (const mark of onTest) assert.deepEqual({ ...mark, id: undefined }, { ...expected, id: undefined });
    const visited = timelineMarks(inputs, ['https://google.com/search?q=x'], RANGE).marks;
    assert.deepEqual(
      visited.map((mark) => [mark.kind, mark.host, mark.title]),
      [
        ['event', 'google.com', expected.title],
        ['event', 'google.com', expected.title],
      ],
    );
    assert.deepEqual(timelineMarks(inputs, ['https://www.example.com/'], RANGE).marks, [], 'another site: nothing');
  });
});
