// The modules dist/features-lib.js takes from dist/extension.js instead of bundling its own
// copy: a second copy would be a second TreeNode class (`node instanceof TreeNode` false for
// the view's nodes) or a second memo of loaded bundles (documents-lib compiled twice).
// esbuild.mjs reads the keys of this table (one `'src/…': module,` a line) to mark them.
import * as bundleLoader from './bundle-loader';
import * as documentsLibrary from './documents/library';
import * as failureLog from './failure-log';
import * as nodes from './tree/nodes';
import * as sharingLibrary from './sharing/library';
import type { ProvidedModules } from './bundle-loader';

/** The id a bundle requires a shared module by; esbuild.mjs writes the same. */
export const SHARED_MODULE_PREFIX = 'netmon-shared:';

const SHARED: Readonly<Record<string, unknown>> = {
  'src/vscode/bundle-loader.ts': bundleLoader,
  'src/vscode/documents/library.ts': documentsLibrary,
  'src/vscode/failure-log.ts': failureLog,
  'src/vscode/sharing/library.ts': sharingLibrary,
  'src/vscode/tree/nodes.ts': nodes,
};

export function sharedModules(): ProvidedModules {
  return Object.fromEntries(Object.entries(SHARED).map(([file, module]) => [`${SHARED_MODULE_PREFIX}${file}`, module]));
}
