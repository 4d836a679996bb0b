// A whole HAR, parsed. The envelopes are the viewer's (harEnvelope, envelope.ts): `{ log }`,
// the API's `{ har: { log } }`, `{ har: { entries } }` and a bare log (`{ entries, pages }`):
// every container envelopeMember names is walked. The stream (stream.ts) walks the same
// containers with the same member rules, so both give the same HAR.
import { envelopeMember, type HarContainer } from '../envelope';
import { createContext, isRecordLike, type RedactContext, type RedactOptions } from './context';
import { redactEntryIn, redactLoose, redactPagesIn } from './entry';
import { createReport, type RedactionReport } from './report';

export type { HarContainer };
export const memberKind = envelopeMember;

/** A member that is not walked as a container or as entries: pages, or a custom field. */
export function redactMember(key: string, value: unknown, ctx: RedactContext): unknown {
  if (key === 'pages' && Array.isArray(value)) return redactPagesIn(value, ctx);
  return redactLoose(value, key, ctx, 1);
}

/** One member of a log other than entries (pages, comment, creator, custom fields), as redactHar redacts it. */
export function redactLogMember(
  key: string,
  value: unknown,
  options: RedactOptions = {},
  report: RedactionReport = createReport(),
): unknown {
  return redactMember(key, value, createContext(options, report));
}

/** `onEntry` is told how many entries are done after each one (for a progress bar). */
export function redactHar<T>(
  har: T,
  options: RedactOptions = {},
  onEntry?: (done: number) => void,
): { har: T; report: RedactionReport } {
  const report = createReport();
  const ctx = createContext(options, report);
  const out = isRecordLike(har) ? redactContainer(har, 'root', ctx, onEntry) : har;
  return { har: out as T, report };
}

function redactContainer(
  value: Record<string, unknown>,
  container: HarContainer,
  ctx: RedactContext,
  onEntry?: (done: number) => void,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const kind = memberKind(container, key);
    let redacted: unknown;
    if (kind === 'entries' && Array.isArray(item)) {
      redacted = item.map((entry, i) => {
        const out = redactEntryIn(entry, i, ctx);
        onEntry?.(ctx.report.entries);
        return out;
      });
    } else if (kind !== undefined && kind !== 'entries' && isRecordLike(item))
      redacted = redactContainer(item, kind, ctx, onEntry);
    else redacted = redactMember(key, item, ctx);
    Object.defineProperty(out, key, { value: redacted, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
