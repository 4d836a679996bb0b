// The envelopes a HAR arrives in: `{ log }` (a file), `{ har: { log } }` (the API's page
// details), `{ har: { entries } }` or a bare log. One reading of them for the waterfall's
// reader, the diff, the Response tab, `har report` and the redaction (which walks every
// place harEnvelope may take a log from, envelopeMember, so it never keeps what they show).
import { asRecord, type Json } from './narrow';

/** `har`: the object holding the log (the API's `har`, else the root); `log`: the log itself. */
export function harEnvelope(input: unknown): { har: Json; log: Json } {
  const root = asRecord(input);
  const har = 'har' in root && !('log' in root) ? asRecord(root.har) : root;
  return { har, log: 'log' in har ? asRecord(har.log) : har };
}

/** The objects a log may be or sit in: the root, the API's `har`, a `log`. */
export type HarContainer = 'root' | 'har' | 'log';

/**
 * What a member of a container is, for a walk in document order (the stream redactor): a
 * container harEnvelope may take the log from, the entries of a log (every container may be
 * the log itself: harEnvelope takes the root or `har` as the log when it has no `log`), or
 * anything else (undefined).
 */
export function envelopeMember(container: HarContainer, key: string): HarContainer | 'entries' | undefined {
  if (key === 'entries') return 'entries';
  if (key === 'log') return container === 'log' ? undefined : 'log';
  return key === 'har' && container === 'root' ? 'har' : undefined;
}
