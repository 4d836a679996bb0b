// The network provider of an enterprise (or cloud) agent's public address, as v7's
// `/v7/agents` sends it in `networkProviderInfo`: the vendor's published OpenAPI 7.0.85 does
// not list the field, the live service and the vendor's later SDK models do (an object
// `{ name, asn, type }`). Read tolerantly: an object or an array of them, the provider under
// `name` or `providerName`, the AS number under `asn` or `asNumber` (a number, a numeric
// string, or "AS7922"). Outside text: every name passes through untrustedLine.
import { untrustedLine } from '../text/untrusted';

export interface NetworkProvider {
  name?: string;
  asn?: number;
}

/** Providers read at most (a bounded walk of outside data). */
const MAX_PROVIDERS = 5;
const NAME_LIMIT = 100;

/** The providers `networkProviderInfo` names, in the order sent; none when it names none. */
export function networkProviders(info: unknown): NetworkProvider[] {
  const items = Array.isArray(info) ? info.slice(0, MAX_PROVIDERS) : [info];
  const providers: NetworkProvider[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const record = item as Record<string, unknown>;
    const name = providerName(record['name'] ?? record['providerName']);
    const asn = asNumber(record['asn'] ?? record['asNumber']);
    if (name === undefined && asn === undefined) continue;
    providers.push({ ...(name !== undefined ? { name } : {}), ...(asn !== undefined ? { asn } : {}) });
  }
  return providers;
}

/** "Comcast (AS7922)", "Comcast", "AS7922"; several joined by ", "; undefined when none. */
export function networkProviderText(info: unknown): string | undefined {
  const shown = networkProviders(info).map(({ name, asn }) => {
    const as = asn === undefined ? undefined : `AS${asn}`;
    return name === undefined ? (as as string) : as === undefined ? name : `${name} (${as})`;
  });
  return shown.length === 0 ? undefined : shown.join(', ');
}

function providerName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = untrustedLine(value.trim(), NAME_LIMIT);
  return line === '' ? undefined : line;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(?:AS\s*)?([0-9]{1,10})\s*$/i.exec(value);
  return match ? Number(match[1]) : undefined;
}
