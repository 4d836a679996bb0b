// The envelopes a HAR arrives in: `{ log }` (a file), `{ har: { log } }` (the API's page
// details) or a bare log. One reading of them for the waterfall's reader, the diff and the
// Response tab.
import { asRecord, type Json } from './narrow';

/** `har`: the object holding the log (the API's `har`, else the root); `log`: the log itself. */
export function harEnvelope(input: unknown): { har: Json; log: Json } {
  const root = asRecord(input);
  const har = 'har' in root && !('log' in root) ? asRecord(root.har) : root;
  return { har, log: 'log' in har ? asRecord(har.log) : har };
}
