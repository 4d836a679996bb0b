// One plan for `netmon plan` and `netmon apply` over both kinds of document: the enterprise
// plan's text and JSON, then the endpoint test documents' part (each step saying it is an
// endpoint step). The counts that decide exit codes are the run's (src/workflows/deploy-run.ts).
import { terminalSafe } from '../analysis/text/untrusted';
import { endpointPlanJson, planJson, renderEndpointPlan, renderPlan, type EndpointPlanStep } from '../documents';
import type { DeployRun } from '../workflows/deploy-run';
import { ruleSection, rulePlanJson, windowPlanJson, windowSection } from '../documents';

/** The plan as text: the enterprise plan, then the endpoint documents' part (or why they were left out). */
export function deployPlanText(run: DeployRun): string {
  const enterprise = renderPlan(run.plan, terminalSafe(run.account.label), run.name).trimEnd();
  return terminalSafe(
    [
      enterprise,
      ...renderEndpointPlan(run.endpoint, run.name),
      ...ruleSection(run.rules, run.name),
      ...windowSection(run.windows, run.name),
    ].join('\n'),
  );
}

/** The plan as data: every step with its kind ("test" or "endpoint"), one list. */
export function deployPlanJson(run: DeployRun): Record<string, unknown> {
  const enterprise = planJson(run.plan, run.name) as {
    changes: number;
    steps: object[];
    unchanged: object[];
    skipped: object[];
  };
  const endpoint = endpointPlanJson(run.endpoint, run.name);
  const rules = run.rules.plan ? (rulePlanJson(run.rules.plan, run.name) as { changes: number }) : undefined;
  const windows = run.windows.plan ? (windowPlanJson(run.windows.plan, run.name) as { changes: number }) : undefined;
  return {
    ...enterprise,
    changes: enterprise.changes + endpoint.steps.length + (rules?.changes ?? 0) + (windows?.changes ?? 0),
    steps: [...enterprise.steps.map((step) => ({ kind: 'test', ...step })), ...endpoint.steps],
    unchanged: [...enterprise.unchanged.map((u) => ({ kind: 'test', ...u })), ...endpoint.unchanged],
    skipped: [...enterprise.skipped.map((s) => ({ kind: 'test', ...s })), ...endpoint.skipped],
    ...(endpoint.leftOut ? { endpointLeftOut: endpoint.leftOut } : {}),
    ...(rules ? { alertRules: rules } : {}),
    ...(run.rules.leftOut ? { alertRulesLeftOut: run.rules.leftOut } : {}),
    ...(windows ? { suppressionWindows: windows } : {}),
    ...(run.windows.leftOut ? { suppressionWindowsLeftOut: run.windows.leftOut } : {}),
  };
}

export function endpointRemovalLines(steps: readonly EndpointPlanStep[], allowed: boolean): string[] {
  if (steps.length === 0) return [];
  return [
    '',
    `${allowed ? 'Allowed by --allow-replace' : 'Needs --allow-replace (beyond --yes)'}: endpoint test` +
      `${steps.length === 1 ? '' : 's'} to replace or delete that netmon apply did not create from this machine ` +
      `(their data goes with them):`,
    ...steps.map((step) =>
      terminalSafe(
        `  ${step.action} endpoint ${JSON.stringify(step.testName)} (test ${'testId' in step ? step.testId : ''})`,
      ),
    ),
  ];
}
