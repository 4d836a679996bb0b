// Our request bodies in v6's words: documents write v7's values (booleans, `tcp`, `to-target`);
// the spec takes flags as 0/1 and its enums in capitals with underscores.
import { isV7OnlyTestType, typeNeedsV7 } from '../types';

const FLAGS = ['enabled', 'alertsEnabled', 'followRedirects', 'verifyCertificate'];
const ENUMS = ['protocol', 'direction'];

export function toV6TestBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const v6: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of FLAGS) if (typeof v6[field] === 'boolean') v6[field] = v6[field] ? 1 : 0;
  for (const field of ENUMS) if (typeof v6[field] === 'string') v6[field] = (v6[field] as string).toUpperCase().replace(/-/g, '_');
  return v6;
}

/** The five types v7 added do not exist in v6: one sentence instead of a request. */
export function refuseV7OnlyType(type: string): void {
  if (isV7OnlyTestType(type)) throw new RangeError(typeNeedsV7(type));
}
