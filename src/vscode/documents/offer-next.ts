// After a write (Create, Update, Apply), the loop's next step one click away: run the deployed
// test now, or open its results. The button is in our own notification, so clicking Run Now is
// the consent (nothing asks again); with several tests written, the chosen action asks which.
// Both need today's API: on a v6 account the message says so in one sentence instead.
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import { untrustedLine } from '../../analysis/text/untrusted';
import { errorText, isCancellation } from '../errors';
import { showInfo } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { EnterpriseRuns } from './enterprise-run';
import { COMMAND } from '../command-ids.generated';

export const RUN_NOW = 'Run Now';
export const SHOW_RESULTS = 'Show Results';
export const NEXT_STEPS_NEED_V7 = 'Run Now and Show Results need the current API (v7); this account speaks API v6.';

export interface WrittenTest {
  testId: number;
  /** The test's name as written (outside text: neutralised wherever it is shown). */
  testName: string;
  /** The bound document, when its own account group decides where the test lives (Create, Update). */
  document?: vscode.Uri;
  /**
   * How this test runs now and opens its results, when it is not an enterprise test (an endpoint test document's
   * commands).
   */
  steps?: { runNow(): Thenable<unknown>; showResults(): Thenable<unknown> };
}

export class NextStepOffer {
  constructor(
    private readonly prompts: Prompts,
    private readonly runs: EnterpriseRuns,
  ) {}

  /** Says `message`; on v7 with Run Now and Show Results for the tests written (none: the message alone). */
  async offer(message: string, client: NetmonClient, tests: readonly WrittenTest[]): Promise<void> {
    const version = await client.apiVersion().catch(() => undefined);
    if (version === 'v6') {
      void showInfo(`${message} ${NEXT_STEPS_NEED_V7}`);
      return;
    }
    if (version === undefined || tests.length === 0) {
      void showInfo(message);
      return;
    }
    const next = await this.prompts.offer(message, RUN_NOW, SHOW_RESULTS);
    if (next === undefined) return;
    const test = await this.which(next, tests);
    if (!test) return;
    if (next === SHOW_RESULTS) {
      await (test.steps
        ? test.steps.showResults()
        : vscode.commands.executeCommand(COMMAND.showTestResults, test.document ?? test.testId));
      return;
    }
    try {
      if (test.steps) await test.steps.runNow();
      else
        await (test.document
          ? this.runs.runBound(await vscode.workspace.openTextDocument(test.document))
          : this.runs.runDeployed(test.testId));
    } catch (error) {
      if (!isCancellation(error)) void this.prompts.fail(errorText(`Running test ${test.testId} now`, error));
    }
  }

  /** One test written: that one. Several: the user picks, each named (neutralised) with its id. */
  private async which(action: string, tests: readonly WrittenTest[]): Promise<WrittenTest | undefined> {
    if (tests.length === 1) return tests[0];
    const items = tests.map((test) => ({ label: `${untrustedLine(test.testName, 80)} (test ${test.testId})`, test }));
    const title = action === RUN_NOW ? 'Run which test now?' : 'Show the results of which test?';
    return (await this.prompts.choose(items, { title, placeHolder: `${tests.length} tests were written` }))?.test;
  }
}
