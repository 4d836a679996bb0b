// Stand-ins for everything in an API response that points at a person, a machine or an
// organization, so a user can attach what their account returns to a bug report. The same
// value always gets the same stand-in (within one capture), so records still refer to each
// other and ids in request paths still match ids in bodies. Secrets are removed outright.
// The walk is bounded: depth, string length and node count are outside data's to choose.
import { MAX_JSON_DEPTH } from '../../api/types';

type Category =
  | 'id'
  | 'number'
  | 'name'
  | 'email'
  | 'internal-ipv4'
  | 'public-ipv4'
  | 'ipv6'
  | 'host'
  | 'ssid'
  | 'session'
  | 'mac'
  | 'location';

/** Keys whose value is an identifier (string or number). */
const ID_KEYS = new RegExp(
  [
    '^(agentId|targetAgentId|userSessionId|pageId|networkProbeId|networkId|pathId|testId|roundId|id|',
    'aid|groupId|interfaceName)$',
  ].join(''),
  'i',
);
/** Keys whose value names a person, a machine, a test or an organization. */
const NAME_KEYS = new RegExp(
  [
    '^(computerName|agentName|testName|accountGroupName|networkName|orgName|createdBy|modifiedBy|',
    'hostname|name|title|pageTitle|rdns|username|manufacturer|model|vpnClientName|proxyName)$',
  ].join(''),
  'i',
);
const HOST_KEYS = new RegExp(
  [
    '^(url|pageUrl|server|serverName|target|domain|visitedSite|permalink|self|data|next|destination|',
    'proxy|publicIp|sourceAddr|serverIp|sourceIp|ipAddress|gateway|dnsServers|prefix|localPrefix|',
    'sourcePrefix)$',
  ].join(''),
  'i',
);
const SSID_KEYS = /^(ssid|bssid)$/i;
const LOCATION_KEYS = /^(location|city|country|countryId|region|latitude|longitude)$/i;
const SECRET_KEYS = /token|secret|password|passwd|authorization|cookie|api-?key|credential|signature|session(?!Id)/i;
/** Kept as they are: what troubleshooting needs and what identifies no one. */
const KEEP_KEYS = new RegExp(
  [
    '^(type|status|date|committed|startedDateTime|method|httpVersion|protocol|port|interval|enabled|',
    'deleted|platform|connection|trigger|mimeType|encoding|version|osVersion|kernelVersion|browser)$',
  ].join(''),
  'i',
);

/** Path segments of the service's API: kept, they name no one. */
const API_PATH_SEGMENTS = new RegExp(
  [
    '^(v\\d+|endpoint-[a-z-]+|tests|net|web|metrics|path-vis|http-server|user-sessions|page|network|',
    'network-topology|networks|endpoint-agents|account-groups)$',
  ].join(''),
);

// The shapes of identifying values in free text: one source for captures and evidence bundles
// (src/analysis/evidence/identifying.ts).
/** Starts only where a run of local-part characters starts: tried from inside a long run, it would be quadratic. */
export const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/**
 * A dotted quad that is an address, not a version: not right after a letter, a digit, `_` or `.`
 * (`v1.2.3.4`, `1.2.3.4.5`), nor after a lone `/` (`Chrome/124.0.0.0`; a URL's `//` host is an
 * address), and not followed by a word character or `.digit`. Fixed length: nothing to backtrack.
 */
export const IPV4 =
  /(?<![\w.]|[^/]\/|^\/)(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?!\w|\.\d)/g;
const HEX4 = '[0-9a-f]{1,4}';
/**
 * All eight groups, or groups around one `::` (at least one group). A MAC (six groups, no `::`) is
 * not one, so it is never caught (nor counted) twice. Every repetition is bounded.
 */
export const IPV6 = new RegExp(
  [
    '(?<![\\w:.])(?:',
    `(?:${HEX4}:){7}${HEX4}`, // all eight groups
    `|${HEX4}(?::${HEX4}){0,6}::(?:${HEX4}(?::${HEX4}){0,5})?`, // groups, `::`, maybe groups
    `|::${HEX4}(?::${HEX4}){0,6}`, // `::`, then groups
    ')(?![\\w:.])',
  ].join(''),
  'gi',
);
/** Six colon-separated octets, not part of a longer colon-separated run (an IPv6 of two-digit groups). */
export const MAC = /(?<![\w:])[0-9a-f]{2}(?::[0-9a-f]{2}){5}(?![\w:])/gi;
const URL_HOST = /^([a-z][a-z0-9+.-]*:\/\/)(?:[^@/?#]*@)?([^/?#:]+)(:\d+)?([^?#]*)(\?[^#]*)?/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UUID_IN_TEXT = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

export interface PseudonymizeLimits {
  maxDepth: number;
  maxNodes: number;
  maxString: number;
}
const DEFAULT_LIMITS: PseudonymizeLimits = { maxDepth: MAX_JSON_DEPTH, maxNodes: 2_000_000, maxString: 256 * 1024 };

export class Pseudonymizer {
  private readonly stand = new Map<Category, Map<string, string>>();
  private nodes = 0;

  constructor(private readonly limits: PseudonymizeLimits = DEFAULT_LIMITS) {}

  /** A response body with every identifying value replaced. */
  body(value: unknown): unknown {
    this.nodes = 0;
    return this.walk(value, undefined, 0);
  }

  /** A request path (`/v6/endpoint-agents/<id>`), its id segments replaced like the ids in bodies. */
  path(path: string): string {
    return path
      .split('/')
      .map((segment) => {
        const id = this.knownId(decodeSegment(segment));
        return id === undefined ? segment : encodeURIComponent(id);
      })
      .join('/');
  }

  /** The stand-in of a value already seen as an identifier, or undefined. */
  knownId(value: string): string | undefined {
    return this.isKnownId(value) ? this.id(value) : undefined;
  }

  /** The stand-in of an identifier (the same for the same id, in paths and bodies). */
  id(value: string): string {
    if (/^\d+$/.test(value)) return this.numberId(value);
    return this.of('id', value, (n) =>
      UUID.test(value) ? `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` : `id-${n}`,
    );
  }

  private isKnownId(segment: string): boolean {
    return this.stand.get('id')?.has(segment) === true || this.stand.get('number')?.has(segment) === true;
  }

  private numberId(value: string): string {
    return this.of('number', value, (n) => String(100_000 + n));
  }

  private walk(value: unknown, key: string | undefined, depth: number): unknown {
    if (++this.nodes > this.limits.maxNodes) return '[removed: capture too large]';
    if (depth > this.limits.maxDepth) return '[removed: nested too deeply]';
    if (Array.isArray(value)) return value.map((item) => this.walk(item, key, depth + 1));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(value)) out[name] = this.field(name, field, depth);
      return out;
    }
    return this.scalar(value, key);
  }

  private field(name: string, value: unknown, depth: number): unknown {
    if (SECRET_KEYS.test(name) && !ID_KEYS.test(name) && (typeof value === 'string' || typeof value === 'number'))
      return '[removed]';
    if (name === 'text' && typeof value === 'string') return '[removed: response body]';
    return this.walk(value, name, depth + 1);
  }

  private scalar(value: unknown, key: string | undefined): unknown {
    if (typeof value === 'number') {
      if (key && ID_KEYS.test(key) && !/^roundId$/i.test(key)) return Number(this.numberId(String(value)));
      if (key && /^(latitude|longitude)$/i.test(key)) return 0;
      return value;
    }
    if (typeof value !== 'string' || key === undefined) return typeof value === 'string' ? this.text(value) : value;
    if (value.length > this.limits.maxString) return '[removed: long text]';
    if (KEEP_KEYS.test(key)) return value;
    if (ID_KEYS.test(key)) return /^roundId$/i.test(key) ? value : this.id(value);
    if (NAME_KEYS.test(key))
      return value === ''
        ? value
        : this.of('name', value, (n) => `${key.replace(/Name$/i, '').toLowerCase() || 'name'}-${n}`);
    if (SSID_KEYS.test(key))
      return key.toLowerCase() === 'bssid' ? this.of('mac', value.toLowerCase(), fakeMac) : this.ssid(value);
    if (LOCATION_KEYS.test(key)) return value === '' ? value : this.of('location', value, (n) => `location-${n}`);
    if (HOST_KEYS.test(key)) return this.hostLike(value);
    return this.text(value);
  }

  /** A URL, host, host:port or address: the host and path replaced, the scheme and port kept. */
  private hostLike(value: string): string {
    const url = URL_HOST.exec(value);
    if (url) {
      const [, scheme = '', host = '', port = '', path = '', query = ''] = url;
      const pathOut = this.path(path).replace(/[^/]+/g, (segment) =>
        API_PATH_SEGMENTS.test(segment) || this.isStandIn(segment)
          ? segment
          : this.of('name', segment, (n) => `path-${n}`),
      );
      return `${scheme}${this.host(host)}${port}${pathOut}${this.query(query)}`;
    }
    return this.text(value.replace(/^([^\s:/]+\.[a-z]{2,})(?=(:\d+)?$)/i, (host) => this.host(host)));
  }

  private query(query: string): string {
    if (query === '') return '';
    const params = new URLSearchParams(query.slice(1));
    const out = new URLSearchParams();
    for (const [name, value] of params) {
      if (/authToken/i.test(name)) continue;
      const kept = /^(window|from|to|format|page|asOf|cursor|pageId|roundId)$/.test(name);
      out.append(name, kept ? value : ID_KEYS.test(name) ? this.id(value) : this.text(value));
    }
    const text = out.toString();
    return text === '' ? '' : `?${text}`;
  }

  private isStandIn(segment: string): boolean {
    return (
      /^(id|path|name)-\d+$/.test(segment) ||
      /^1\d{5,}$/.test(segment) ||
      /^00000000-0000-4000-8000-\d{12}$/.test(segment)
    );
  }

  private host(host: string): string {
    if (/^(?:\d{1,3}\.){3}\d{1,3}$/.test(host) || /^\[?[0-9a-f:]+\]?$/i.test(host)) return this.text(host);
    return this.of('host', host.toLowerCase(), (n) => `host-${n}.example.com`);
  }

  /**
   * A name known to identify (an agent's computer name, a host name, a user name): the same stand-in wherever it
   * appears.
   */
  name(value: string, kind: 'agent' | 'host' | 'user'): string {
    return this.of('name', value, (n) => `${kind}-${n}`);
  }

  /** The stand-in of a Wi-Fi network name (`ssid-1`). */
  ssid(value: string): string {
    return this.of('ssid', value, (n) => `ssid-${n}`);
  }

  /** The stand-in of a user session's id (`session-1`). */
  sessionId(value: string): string {
    return this.of('session', value, (n) => `session-${n}`);
  }

  /**
   * Free text: e-mails, addresses and MACs inside it are replaced, each by one of its own kind (a MAC by a MAC, an
   * internal IPv4 by an internal-looking documentation address); netmasks, versions and stand-ins stay.
   */
  text(value: string): string {
    if (value.length > this.limits.maxString) return '[removed: long text]';
    return (
      value
        // UUIDs are record ids wherever they appear (links, messages): the same stand-in as the field.
        .replace(UUID_IN_TEXT, (uuid) => (uuid.startsWith('00000000-0000-4000-8000-') ? uuid : this.id(uuid)))
        .replace(EMAIL, (email) => this.of('email', email.toLowerCase(), (n) => `user-${n}@example.com`))
        .replace(MAC, (mac) => (isStandInMac(mac) ? mac : this.of('mac', mac.toLowerCase(), fakeMac)))
        .replace(IPV4, (ip) => this.ipv4(ip))
        .replace(IPV6, (ip) =>
          /^2001:db8:/i.test(ip) ? ip : this.of('ipv6', ip.toLowerCase(), (n) => `2001:db8::${n.toString(16)}`),
        )
    );
  }

  /**
   * Internal addresses become 198.51.100.x and public ones 203.0.113.x, so a reader still tells them apart. A mask
   * (255.255.255.0), 0.0.0.0 and a documentation address (a stand-in already) are no one's: kept.
   */
  private ipv4(ip: string): string {
    if (isNonAddressIpv4(ip) || isDocumentationIpv4(ip)) return ip;
    const internal = isInternalIpv4(ip);
    return this.of(internal ? 'internal-ipv4' : 'public-ipv4', ip, (n) => documentationIpv4(n, internal));
  }

  private of(category: Category, value: string, make: (n: number) => string): string {
    let map = this.stand.get(category);
    if (!map) {
      map = new Map();
      this.stand.set(category, map);
    }
    let standIn = map.get(value);
    if (standIn === undefined) {
      standIn = make(map.size + 1);
      map.set(value, standIn);
    }
    return standIn;
  }
}

/** A path segment as the id it encodes (the client's segment encoding), or itself when not encoded. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The documentation ranges (RFC 5737): internal → 198.51.100.x, public → 203.0.113.x; past 254 of a kind, 192.0.2.x
 * (internal the low half, public the high half); past that the stand-ins repeat.
 */
function documentationIpv4(n: number, internal: boolean): string {
  if (n <= 254) return `${internal ? '198.51.100' : '203.0.113'}.${n}`;
  const spare = (n - 255) % 127;
  return `192.0.2.${internal ? 1 + spare : 128 + spare}`;
}

export function isDocumentationIpv4(ip: string): boolean {
  return /^(192\.0\.2|198\.51\.100|203\.0\.113)\./.test(ip);
}

/** A locally administered `02:00:00:…` MAC: the stand-in this file hands out. */
function isStandInMac(mac: string): boolean {
  return /^02:00:00:/i.test(mac);
}

/** RFC 1918, loopback, link-local and shared (CGNAT) addresses: they name a machine inside someone's network. */
export function isInternalIpv4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/**
 * Not anyone's address: a netmask (contiguous ones, 255.255.255.0), and so 0.0.0.0 and 255.255.255.255 too. Such a
 * value is kept as it is and not counted as identifying.
 */
export function isNonAddressIpv4(ip: string): boolean {
  const value = ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
  // The host bits of a mask are all ones (2^k − 1): adding one carries through all of them.
  const hostBits = 2 ** 32 - 1 - value;
  return (hostBits & (hostBits + 1)) === 0;
}

function fakeMac(n: number): string {
  return `02:00:00:${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((b) => b.toString(16).padStart(2, '0')).join(':')}`;
}
