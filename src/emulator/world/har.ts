// HAR 1.2 of one page load: optional redirects, the document, then styles, scripts, images,
// fonts and XHRs across several domains, with connection reuse (-1 timings), SSL inside
// connect, some errors and failed requests. Built in one pass; 300 entries take ~1 ms.
import type { Har, HarEntry, HarTimings, SystemMetrics } from '../../api/types';
import { ASSET_DOMAINS } from './catalog';
import { formatIsoMillis } from './format';
import { Rng, hashKey } from './prng';
import { browserOf } from './session-details';
import type { PagePlan, SessionCore } from './sessions';
import { baseDomain } from './sessions';
import { harEntry, type EntryPlan, type ResourceType } from './har-entry';

interface Connection {
  id: number;
  domain: string;
}

interface Timeline {
  rng: Rng;
  rtt: number;
  /** Domains whose name was already resolved on this page. */
  resolved: Set<string>;
  /** Open connections per origin (HTTP/2: one; HTTP/1.1: up to six). */
  connections: Map<string, Connection[]>;
  nextConnectionId: number;
  http2: boolean;
}

const RESOURCE_MIX: readonly (readonly [ResourceType, number])[] = [
  ['script', 24],
  ['stylesheet', 9],
  ['image', 40],
  ['font', 5],
  ['xhr', 16],
  ['other', 6],
];

function entryCount(rng: Rng): number {
  const bucket = rng.weighted([
    [[20, 60], 3],
    [[60, 150], 4],
    [[150, 300], 2],
  ] as const);
  return rng.int(bucket[0], bucket[1]);
}

/** Network phases of one request: new connections pay DNS, TCP and TLS; reused ones get -1. */
function phaseTimings(
  line: Timeline,
  domain: string,
  origin: string,
  secure: boolean,
  waitMs: number,
  receiveMs: number,
): HarTimings {
  const { rng } = line;
  // Connections belong to an origin: http://host and https://host never share one.
  const pool = line.connections.get(origin) ?? [];
  const reuse = pool.length > 0 && (line.http2 || pool.length >= 6 || rng.chance(0.6));
  let dns = -1;
  let connect = -1;
  let ssl = -1;
  if (!reuse) {
    if (!line.resolved.has(domain)) {
      dns = Math.round(rng.float(2, 40));
      line.resolved.add(domain);
    }
    ssl = secure ? Math.round(line.rtt * rng.float(1, 2)) : -1;
    // HAR 1.2: when ssl is given it is also included in connect.
    connect = Math.round(line.rtt * rng.float(1, 1.3)) + Math.max(0, ssl);
    pool.push({ id: line.nextConnectionId++, domain });
    line.connections.set(origin, pool);
  }
  return {
    blocked: reuse && !line.http2 ? Math.round(rng.float(0, 30)) : Math.round(rng.float(0, 3)),
    dns,
    connect,
    ssl,
    send: rng.float(0.05, 1.2, 3),
    wait: Math.round(waitMs),
    receive: Math.round(receiveMs),
  };
}

function timingTotal(t: HarTimings): number {
  const positive = (value: number | undefined): number => (value !== undefined && value > 0 ? value : 0);
  return (
    Math.round((positive(t.blocked) + positive(t.dns) + positive(t.connect) + t.send + t.wait + t.receive) * 1000) /
    1000
  );
}

function assetDomains(rng: Rng, host: string): string[] {
  const own = [host, `static.${baseDomain(host)}`];
  const count = rng.int(2, 6);
  const third: string[] = [];
  for (let i = 0; i < count; i++) {
    const domain = rng.pick(ASSET_DOMAINS);
    if (!third.includes(domain)) third.push(domain);
  }
  return [...own, ...third];
}

/** The hops before the document: http → https (301) and a sign-on check (302), both ending at the page. */
function documentChain(rng: Rng, page: PagePlan): EntryPlan[] {
  const chain: EntryPlan[] = [{ type: 'document', url: page.url, status: page.responseCode, size: 0 }];
  if (page.index !== 0) return chain;
  const target = new URL(page.url);
  // The sign-on check only guards https pages (it returns there); the draw is made either way.
  if (rng.chance(0.25) && target.protocol === 'https:') {
    const check = `https://${target.host}/sso/check?return=${encodeURIComponent(target.pathname)}`;
    chain.unshift({ type: 'document', url: check, status: 302, redirectURL: chain[0]?.url ?? page.url, size: 0 });
  }
  if (target.protocol === 'https:' && rng.chance(0.25)) {
    chain.unshift({
      type: 'document',
      url: `http://${target.host}${target.pathname}`,
      status: 301,
      redirectURL: chain[0]?.url ?? page.url,
      size: 0,
    });
  }
  return chain;
}

function resourcePlan(rng: Rng, domains: readonly string[], index: number): EntryPlan {
  const type = rng.weighted(RESOURCE_MIX);
  const domain =
    type === 'xhr' ? (domains[0] as string) : rng.chance(0.45) ? (domains[1] as string) : rng.pick(domains);
  const roll = rng.next();
  const status =
    roll < 0.025
      ? 404
      : roll < 0.035 && type === 'xhr'
        ? 500
        : roll < 0.045
          ? 0
          : roll < 0.06 && type === 'image'
            ? 304
            : 200;
  return { type, url: resourceUrl(rng, type, domain, index), status, size: 0 };
}

function resourceUrl(rng: Rng, type: ResourceType, domain: string, index: number): string {
  const hash = rng.hex(8);
  switch (type) {
    case 'script':
      return `https://${domain}/assets/js/chunk-${index}.${hash}.js${rng.chance(0.2) ? `?v=${rng.int(100, 999)}` : ''}`;
    case 'stylesheet':
      return `https://${domain}/assets/css/${rng.pick(['main', 'vendor', 'theme', 'print'])}.${hash}.css`;
    case 'image': {
      const name = rng.pick(['hero', 'logo', 'avatar', 'banner', 'icon', 'thumb']);
      return `https://${domain}/images/${name}-${index}.${rng.pick(['png', 'jpg', 'webp', 'svg', 'gif'])}`;
    }
    case 'font': {
      const family = rng.pick(['Inter', 'Roboto', 'SourceSans']);
      return `https://${domain}/fonts/${family}-${rng.pick(['Regular', 'Bold', 'Medium'])}.woff2`;
    }
    case 'xhr': {
      const version = rng.int(1, 3);
      const resource = rng.pick(['user', 'feed', 'search', 'notifications', 'config', 'metrics']);
      return `https://${domain}/api/v${version}/${resource}?id=${rng.int(1, 99999)}&lang=en`;
    }
    default:
      return `https://${domain}/${rng.pick(['manifest.json', 'favicon.ico', 'sw.js', 'collect'])}`;
  }
}

/** When a resource starts, in ms after the page started: by type, inside the load phases. */
function startOffset(rng: Rng, type: ResourceType, documentEnd: number, page: PagePlan): number {
  const { onContentLoad, onLoad } = page.pageTimings;
  switch (type) {
    case 'stylesheet':
    case 'script':
      return documentEnd + rng.next() * Math.max(1, onContentLoad - documentEnd) * 0.85;
    case 'xhr':
      return onContentLoad * (0.8 + rng.next() * 0.6);
    default:
      return documentEnd + rng.next() * Math.max(1, onLoad - documentEnd) * 0.9;
  }
}

interface Scheduled {
  plan: EntryPlan;
  start: number;
}

/** The document chain runs back to back; assets start once the document has arrived. */
function schedule(rng: Rng, plans: readonly EntryPlan[], page: PagePlan, documentEnd: number): Scheduled[] {
  return plans
    .map((plan) => ({ plan, start: Math.max(documentEnd, startOffset(rng, plan.type, documentEnd, page)) }))
    .sort((a, b) => a.start - b.start);
}

export function pageHar(core: SessionCore, page: PagePlan, metrics: SystemMetrics): Har {
  const rng = new Rng(hashKey(core.id, page.id, 'har'));
  const line: Timeline = {
    rng,
    rtt: Math.max(1, core.rtt),
    resolved: new Set(),
    connections: new Map(),
    nextConnectionId: 1,
    http2: rng.chance(0.7),
  };
  const domains = assetDomains(rng, core.destination.host);
  const total = entryCount(rng);
  const chain = documentChain(rng, page);
  const assets: EntryPlan[] = [];
  while (chain.length + assets.length < total) assets.push(resourcePlan(rng, domains, chain.length + assets.length));
  const entries: HarEntry[] = [];
  let cursor = 0;
  const record = (plan: EntryPlan, start: number): number => {
    const url = new URL(plan.url);
    const origin = `${url.protocol}//${url.host}`;
    const isDocument = plan.type === 'document';
    const redirect = plan.status >= 300 && plan.status < 400;
    const wait = isDocument ? Math.max(5, page.responseTime * (redirect ? 0.3 : 0.6)) : line.rtt + rng.gauss(40, 30, 2);
    const receive =
      plan.status === 0 ? 0 : redirect ? rng.float(0.1, 2) : isDocument ? rng.float(5, 120) : rng.float(0.5, 60);
    const timings = phaseTimings(line, url.host, origin, url.protocol === 'https:', wait, receive);
    const time = timingTotal(timings);
    entries.push(
      harEntry(rng, plan, {
        pageref: page.id,
        startedDateTime: formatIsoMillis(page.startEpochMs + start),
        time,
        timings,
        connection: String(line.connections.get(origin)?.at(-1)?.id ?? 0),
        serverIPAddress: url.host === core.destination.host ? core.destination.serverIp : domainIp(url.host),
        referer: entries.length === 0 ? undefined : page.url,
        userAgentPlatform: core.agent.platform,
        firstParty: baseDomain(url.host) === baseDomain(core.destination.host),
      }),
    );
    return time;
  };
  for (const plan of chain) cursor += record(plan, cursor);
  // Timings are drawn in start order so the first request to a host is the one paying DNS.
  for (const { plan, start } of schedule(rng, assets, page, cursor)) record(plan, start);
  return {
    log: {
      version: '1.2',
      creator: { name: 'Netmon Endpoint Agent', version: '1.184.0' },
      browser: browserOf(core),
      pages: [
        {
          startedDateTime: formatIsoMillis(page.startEpochMs),
          id: page.id,
          title: page.title,
          pageTimings: { ...page.pageTimings },
        },
      ],
      entries,
    },
    _systemMetrics: metrics,
  };
}

function domainIp(host: string): string {
  const h = hashKey('ip', host);
  return `${[151, 104, 142, 23, 13][h % 5]}.${(h >>> 8) & 255}.${(h >>> 16) & 255}.${((h >>> 24) % 250) + 2}`;
}
