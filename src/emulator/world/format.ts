// Formatting shared by every generator: the API's dateTime text and IPv4 helpers.

/** "00".."59": two-digit fields without String/padStart per call. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));
const pad2 = (value: number): string => TWO_DIGITS[value] ?? String(value).padStart(2, '0');

/** "yyyy-MM-dd " of the last days asked for; lists format thousands of times per day. */
const datePrefixes = new Map<number, string>();

/**
 * "yyyy-MM-dd HH:mm:ss" in UTC, as every dateTime of the data API. Civil-date arithmetic
 * (H. Hinnant's days-to-date) instead of a Date object: lists format millions of these.
 */
export function formatDateTime(epochSeconds: number): string {
  const total = Math.floor(epochSeconds);
  const days = Math.floor(total / 86400);
  const secondOfDay = total - days * 86400;
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay % 3600) / 60);
  return `${datePrefix(days)}${pad2(hour)}:${pad2(minute)}:${pad2(secondOfDay % 60)}`;
}

function datePrefix(days: number): string {
  let prefix = datePrefixes.get(days);
  if (prefix === undefined) {
    prefix = civilDate(days);
    if (datePrefixes.size >= 64) datePrefixes.clear();
    datePrefixes.set(days, prefix);
  }
  return prefix;
}

function civilDate(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${pad2(month)}-${pad2(day)} `;
}

/** "00".."ff", for hex output without toString(16)/padStart per byte. */
export const HEX_BYTES = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'));

/** An unsigned 32-bit value as 8 hex digits. */
export function hex32(value: number): string {
  return (
    (HEX_BYTES[value >>> 24] as string) +
    HEX_BYTES[(value >>> 16) & 255] +
    HEX_BYTES[(value >>> 8) & 255] +
    HEX_BYTES[value & 255]
  );
}

/** ISO 8601 with milliseconds, as HAR's startedDateTime. */
export function formatIsoMillis(epochMillis: number): string {
  return new Date(Math.round(epochMillis)).toISOString();
}

export function ipToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

export function intToIp(value: number): string {
  const v = value >>> 0;
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/** Address `offset` inside the network of `cidr` ("10.1.0.0/16", 5 → "10.1.0.5"). */
export function hostInPrefix(cidr: string, offset: number): string {
  const [base = '0.0.0.0', bitsText = '32'] = cidr.split('/');
  const bits = Number(bitsText);
  const size = bits >= 32 ? 1 : 2 ** (32 - bits);
  const network = ipToInt(base) & (bits === 0 ? 0 : ~0 << (32 - bits));
  return intToIp(network + (Math.abs(offset) % size));
}

/** Dotted subnet mask of a prefix length (24 → "255.255.255.0"). */
export function subnetMask(bits: number): string {
  return intToIp(bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0);
}

/** The /bits network that holds `ip`, as CIDR text. */
export function prefixOf(ip: string, bits: number): string {
  const network = ipToInt(ip) & (bits === 0 ? 0 : ~0 << (32 - bits));
  return `${intToIp(network)}/${bits}`;
}

export function isPrivateIp(ip: string): boolean {
  return ip.startsWith('10.') || ip.startsWith('192.168.') || /^172\.(1[6-9]|2\d|3[01])\./.test(ip);
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
