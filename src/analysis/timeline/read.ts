// Tolerant readers of the endpoint-data records a timeline is built from. Real accounts send
// ids as strings or integers, dates with or without a zone, and leave optional fields out;
// each reader returns usable values or undefined, never throws.
import { asArray, asNumber, asRecord, asString, type Json } from '../har/narrow';
import { readPing } from '../session/verdict';
import { apiTimeMs } from '../time/api-time';

export { apiTimeMs };

/** An id the API may send as text or as a number; undefined when it is neither. */
export function idText(value: unknown): string | undefined {
  const text = asString(value).trim();
  return text === '' ? undefined : text.slice(0, 200);
}

export function finiteOrUndefined(value: unknown): number | undefined {
  const n = asNumber(value, Number.NaN);
  return Number.isNaN(n) ? undefined : n;
}

/** A record's time: its date, or its round when the date is missing or unreadable. */
export function recordTimeMs(record: Json, dateField = 'date'): number | undefined {
  return apiTimeMs(record[dateField]) ?? apiTimeMs(record.roundId);
}

export interface StatBand {
  min?: number;
  mean: number;
  max?: number;
}

/** A Stat object ({min, mean, max, …}) as a band; undefined without a mean. */
export function readStat(value: unknown, scale = 1): StatBand | undefined {
  const stat = asRecord(value);
  const mean = finiteOrUndefined(stat.mean) ?? finiteOrUndefined(stat.median);
  if (mean === undefined) return undefined;
  const min = finiteOrUndefined(stat.min);
  const max = finiteOrUndefined(stat.max);
  return {
    mean: mean * scale,
    ...(min === undefined ? {} : { min: min * scale }),
    ...(max === undefined ? {} : { max: max * scale }),
  };
}

export interface SystemSample {
  startMs: number;
  cpu?: StatBand;
  memory?: StatBand;
}

/** systemMetrics as CPU (0 … 1) and memory used (fraction of total) bands. */
export function readSystemMetrics(value: unknown, fallbackMs: number | undefined): SystemSample | undefined {
  const metrics = asRecord(value);
  if (Object.keys(metrics).length === 0) return undefined;
  const startMs = apiTimeMs(metrics.startTimeMs) ?? fallbackMs;
  if (startMs === undefined) return undefined;
  const cpu = readStat(metrics.cpuUtilization);
  const total = finiteOrUndefined(metrics.physicalMemoryTotalBytes);
  const memory = total && total > 0 ? readStat(metrics.physicalMemoryUsedBytes, 1 / total) : undefined;
  if (!cpu && !memory) return undefined;
  return { startMs, ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) };
}

/**
 * An icmpPing / gatewayPing as round trip (ms) and loss (fraction); undefined when absent or
 * failed. No round trip when nothing came back (the API's avgRtt 0 is no answer, not 0 ms).
 */
export function readRttLoss(value: unknown): { rtt?: number; loss: number; sent: number; lost: number } | undefined {
  const ping = readPing(value);
  return typeof ping === 'object'
    ? {
        ...(ping.received > 0 ? { rtt: ping.avgRtt } : {}),
        loss: Math.min(1, Math.max(0, ping.loss)),
        sent: ping.sent,
        lost: ping.sent - ping.received,
      }
    : undefined;
}

/** The network facts a session or probe detail reports, each only when present. */
export interface NetworkFacts {
  connection?: string;
  ssid?: string;
  bssid?: string;
  rssi?: number;
  noise?: number;
  quality?: number;
  txRate?: number;
  gateway?: string;
  publicIp?: string;
  proxy?: string;
}

export function readNetworkFacts(profileValue: unknown): NetworkFacts {
  const profile = asRecord(profileValue);
  const wifi = asRecord(profile.wirelessProfile);
  const facts: NetworkFacts = {};
  const put = <K extends keyof NetworkFacts>(key: K, value: NetworkFacts[K] | undefined): void => {
    if (value !== undefined && value !== '') facts[key] = value;
  };
  put('connection', connectionOf(profile));
  put('ssid', idText(wifi.ssid));
  put('bssid', idText(wifi.bssid)?.toLowerCase());
  put('rssi', finiteOrUndefined(wifi.rssi));
  put('noise', finiteOrUndefined(wifi.noise));
  put('quality', finiteOrUndefined(wifi.quality));
  put('txRate', finiteOrUndefined(wifi.txRate));
  put('gateway', idText(profile.gateway));
  put('publicIp', idText(profile.publicIpAddress));
  const proxies = asArray(asRecord(profile.proxyProfile).proxies)
    .map((p) => idText(asRecord(p).proxy))
    .filter((p): p is string => p !== undefined);
  put('proxy', proxies.length > 0 ? proxies.join(', ') : undefined);
  return facts;
}

function connectionOf(profile: Json): string | undefined {
  const type = asString(profile.type).toLowerCase();
  const hardware = asString(profile.hardwareType).toLowerCase();
  if (
    type === 'wireless' ||
    /wi-?fi|wireless|802\.11/.test(hardware) ||
    Object.keys(asRecord(profile.wirelessProfile)).length > 0
  )
    return 'Wireless';
  if (type === 'wired' || /ethernet/.test(hardware)) return 'Ethernet';
  if (type === 'loopback' || hardware === 'loopback') return 'Loopback';
  const other = idText(profile.type) ?? idText(profile.hardwareType);
  return other === undefined ? undefined : other.slice(0, 40);
}
