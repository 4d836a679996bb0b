// Our request bodies in v6's words: documents write v7's values (booleans, `tcp`, `to-target`);
// the spec takes flags as 0/1 and its enums in capitals with underscores.
import { isV7OnlyTestType, typeNeedsV7 } from '../types';

const FLAGS = ['enabled', 'alertsEnabled', 'followRedirects', 'verifyCertificate'];
const ENUMS = ['protocol', 'direction'];

export function toV6TestBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const v6: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of FLAGS) if (typeof v6[field] === 'boolean') v6[field] = v6[field] ? 1 : 0;
  for (const field of ENUMS)
    if (typeof v6[field] === 'string') v6[field] = (v6[field] as string).toUpperCase().replace(/-/g, '_');
  // Documents write v7's seconds (5..60); v6 takes milliseconds (5000..60000). A value already in ms stays.
  if (typeof v6['httpTimeLimit'] === 'number' && v6['httpTimeLimit'] <= 60) v6['httpTimeLimit'] *= 1000;
  return v6;
}

/** A v6 test in the contract's (v7's) units: httpTimeLimit in seconds, as documents write it. */
export function fromV6Test(test: Record<string, unknown>): Record<string, unknown> {
  const limit = test['httpTimeLimit'];
  return typeof limit === 'number' && limit >= 1000 ? { ...test, httpTimeLimit: Math.round(limit / 1000) } : test;
}

/** The five types v7 added do not exist in v6: one sentence instead of a request. */
export function refuseV7OnlyType(type: string): void {
  if (isV7OnlyTestType(type)) throw new RangeError(typeNeedsV7(type));
}
