// Code lenses of an endpoint test document (once signed in, in a trusted folder): Create, Run
// Now and Plan when it is not deployed here; Update, Delete, Run Now, Plan, Results and what
// it is bound to when it is. Run Now carries the lens's one-time token (its click is the consent).
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/connection-manager';
import type { BindingWriter } from './bindings';
import { ENDPOINT_TEST_COMMANDS } from './endpoint-test-commands';
import { RUN_NOW_CHANGE, RUN_NOW_VERSION, type LensConsent } from './lens-consent';
import { documentsLibrary as lib } from './library';
import { deployTarget } from './target';

type Lens = (title: string, command: string, ...args: unknown[]) => vscode.CodeLens;

/** Dynamic tests have no instant form (a cheap look at the text: the command checks properly). */
const RUN_NOW_TYPE = /"type"\s*:\s*"(?!dynamic")/;

export function endpointTestLenses(
  connection: ConnectionManager,
  bindings: BindingWriter,
  consent: LensConsent,
  document: vscode.TextDocument,
  lens: Lens,
): vscode.CodeLens[] {
  const text = document.getText();
  const target = deployTarget(connection, text);
  const testId = lib().readBinding(text, target.connectionKey, target.aidKey);
  const plan = lens('$(checklist) Plan', ENDPOINT_TEST_COMMANDS.plan, document.uri);
  const runNow = RUN_NOW_TYPE.test(text)
    ? [
        lens(
          '$(play) Run Now',
          ENDPOINT_TEST_COMMANDS.runNow,
          document.uri,
          consent.issue(document.uri, RUN_NOW_VERSION, 'run', RUN_NOW_CHANGE),
        ),
      ]
    : [];
  if (testId === undefined)
    return [
      lens(`$(cloud-upload) Create endpoint test in ${target.groupLabel}`, ENDPOINT_TEST_COMMANDS.create, document.uri),
      ...runNow,
      plan,
    ];
  const verified = bindings.isConfirmed(document.uri, target.connectionKey, target.aidKey, testId);
  const status = lens(
    verified
      ? `$(link) Bound to endpoint test ${testId} · ${target.groupLabel}`
      : `$(warning) Bound in the document to endpoint test ${testId} — not verified · ${target.groupLabel}`,
    ENDPOINT_TEST_COMMANDS.plan,
    document.uri,
  );
  const actions = [
    lens('$(sync) Update', ENDPOINT_TEST_COMMANDS.update, document.uri),
    lens('$(trash) Delete', ENDPOINT_TEST_COMMANDS.delete, document.uri),
    ...runNow,
    plan,
    lens('$(graph) Results', ENDPOINT_TEST_COMMANDS.showResults, document.uri),
  ];
  return verified ? [...actions, status] : [status, ...actions];
}
