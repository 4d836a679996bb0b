// Rules for every document kind. A `$schema` that names a remote URL makes VS Code's JSON
// language service fetch it when the document opens: whoever controls that host learns
// who opened the repository, and when. Netmon checks its documents without `$schema`.
import type { Node } from 'jsonc-parser';
import type { DiagnosticSink } from '../diagnostic';
import { propertyValue, stringValue } from '../tree';

export function checkRemoteSchema(root: Node, sink: DiagnosticSink): void {
  const node = propertyValue(root, '$schema');
  const value = stringValue(node);
  if (!node || value === undefined || !/^https?:\/\//i.test(value.trim())) return;
  let host = value;
  try {
    host = new URL(value.trim()).host;
  } catch {
    /* shown as written */
  }
  sink.atNode(
    node,
    'warning',
    'document/remote-schema',
    `VS Code downloads this schema from ${host} when the document is opened (that host learns who opened it). ` +
      'Netmon checks the document without it: remove "$schema", or point it at a file in the workspace.',
  );
}
