// The deployed (or instant) test a results request names, as the world's plan of its rounds
// with its on-demand runs: 404 when the test is not in the group or its type lacks the kind.
import {
  NETWORK_MEASUREMENTS_OFF,
  linkedResultKinds,
  measuresBgp,
  resultKindsOf,
  type TestResultKind,
} from '../../../api/types';
import { notFound } from '../../http/errors';
import type { RequestContext } from '../../http/router';
import type { EnterprisePlan } from '../../world/enterprise-results';
import type { EmulatorState } from '../state';
import { withRuns } from './instant-runs';

/** The deployed test's plan, when it has results of this kind. */
export function planOf(state: EmulatorState, ctx: RequestContext, kind: TestResultKind): EnterprisePlan {
  const text = ctx.params.testId ?? '';
  const test = /^[0-9]{1,12}$/.test(text) ? state.store.get(ctx.aid, Number(text)) : undefined;
  if (!test) throw notFound(`Test ${text.slice(0, 40)} not found in account group ${ctx.aid}`);
  // What the test's `_links.testResults` lists is what is served (BGP too with `bgpMeasurements`).
  if (!linkedResultKinds(test).includes(kind)) {
    const own = resultKindsOf(String(test.type));
    if (!own.includes(kind) && !(kind === 'bgp' && own.includes('network')))
      throw notFound(`Test ${test.testId} is a ${String(test.type)} test; it has no ${kind} results`);
    throw notFound(
      kind === 'bgp' && !measuresBgp(test)
        ? `Test ${test.testId} has no bgp results: BGP measurements are off for this test (bgpMeasurements)`
        : `Test ${test.testId} has no ${kind} results: ${NETWORK_MEASUREMENTS_OFF}`,
    );
  }
  return withRuns(state, ctx.aid, ctx.group.enterprisePlan(test));
}
