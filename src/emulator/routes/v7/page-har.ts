// One page load of an enterprise round as a HAR — a page-load test's page, or one page of a
// web transaction's script — drawn from the round's measurements, so its document's phases are
// the round's HTTP phases and its timings the round's latency.
import type { Har, HarEntry } from '../../../api/types';
import type { EnterpriseRound } from '../../world/enterprise-results';
import { Rng } from '../../world/prng';

export const ms = (value: number): number => Math.max(0, Math.round(value));

/** HTTP phases of the round: DNS, TCP connect (one RTT), TLS (one and a half), then the server's wait. */
export function phases(round: EnterpriseRound): {
  dns: number;
  connect: number;
  ssl: number;
  wait: number;
  receive: number;
} {
  const rng = Rng.of(round.plan.seed, 'enterprise-http', round.plan.test.testId, round.agent.agentId, round.roundId);
  const rtt = round.avgLatency;
  return {
    dns: rng.int(2, 25),
    connect: ms(rtt),
    ssl: ms(rtt * 1.5),
    wait: ms(rtt + rng.int(20, 180)),
    receive: rng.int(1, 40),
  };
}

/** Objects of a page load: the document first, then its assets two connections at a time. */
const OBJECTS = 8;
const ASSETS = ['app.js', 'vendor.js', 'site.css', 'logo.svg', 'hero.jpg', 'font.woff2', 'analytics.js'];

/**
 * Which page of the round: a transaction's later pages reuse the first one's connection and start where the one before
 * ended.
 */
export interface HarPage {
  index: number;
  id: string;
  path: string;
  title: string;
  startMs?: number;
}

/** The round's page load as a HAR: the waterfall of the page-load detail (page 0) or of a transaction's page. */
export function pageHar(
  round: EnterpriseRound,
  page: HarPage = { index: 0, id: 'page_1', path: '', title: round.plan.target.host },
): Har {
  const { plan } = round;
  const p = phases(round);
  const rng =
    page.index === 0
      ? Rng.of(plan.seed, 'enterprise-har', plan.test.testId, round.agent.agentId, round.roundId)
      : Rng.of(plan.seed, 'enterprise-har', plan.test.testId, round.agent.agentId, round.roundId, page.index);
  const jitter = rng.int(0, 5000);
  const startMs = page.startMs ?? round.roundId * 1000 + jitter;
  const entries: HarEntry[] = [];
  let docEnd = 0;
  for (let i = 0; i < (round.error ? 1 : OBJECTS); i++) {
    const first = i === 0;
    const fresh = first && page.index === 0;
    const wait = first ? p.wait : ms(round.avgLatency + rng.int(5, 60));
    const receive = first ? p.receive : rng.int(2, 80);
    const timings = {
      blocked: first ? 0 : rng.int(0, 20),
      dns: fresh ? p.dns : -1,
      connect: fresh ? p.connect : -1,
      ssl: fresh ? p.ssl : -1,
      send: 0,
      wait,
      receive,
    };
    const offset = first ? 0 : docEnd + Math.floor((i - 1) / 2) * rng.int(20, 60);
    const time =
      round.error && first
        ? 0
        : timings.blocked + Math.max(0, timings.dns) + Math.max(0, timings.connect) + wait + receive;
    if (first) docEnd = time;
    const url = first
      ? `https://${plan.target.host}/${page.path}`
      : `https://${plan.target.host}/assets/${ASSETS[i - 1] ?? 'x'}`;
    const size = first ? 48_213 : rng.int(900, 220_000);
    entries.push(
      harEntry(
        page.id,
        new Date(startMs + offset).toISOString(),
        url,
        time,
        timings,
        round.error && first ? 0 : 200,
        { size, mimeType: first ? 'text/html' : 'application/octet-stream' },
        plan.target.serverIp,
      ),
    );
  }
  const onLoad = Math.max(...entries.map((e) => Date.parse(e.startedDateTime) - startMs + e.time));
  return {
    log: {
      version: '1.2',
      creator: { name: 'netmon-emulator', version: '1' },
      pages: [
        {
          id: page.id,
          startedDateTime: new Date(startMs).toISOString(),
          title: page.title,
          pageTimings: { onContentLoad: Math.round(onLoad * 0.7), onLoad },
        },
      ],
      entries,
    },
  };
}

function harEntry(
  pageref: string,
  startedDateTime: string,
  url: string,
  time: number,
  timings: HarEntry['timings'],
  status: number,
  content: { size: number; mimeType: string },
  serverIp: string,
): HarEntry {
  return {
    pageref,
    startedDateTime,
    time,
    serverIPAddress: serverIp,
    cache: {},
    timings,
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/2',
      cookies: [],
      headers: [],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: status === 200 ? 'OK' : '',
      httpVersion: 'HTTP/2',
      cookies: [],
      headers: [],
      redirectURL: '',
      headersSize: -1,
      bodySize: content.size,
      content,
    },
  };
}
