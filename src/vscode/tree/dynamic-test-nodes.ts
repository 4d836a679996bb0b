// Dynamic endpoint tests (v7) in the Endpoint Tests root, beside the scheduled ones: a "dynamic"
// group whose tests say they are dynamic and which application they follow. v6 has none; a
// list that fails says so in its group and leaves the scheduled tests shown.
import type { ManagedEndpointTest } from '../../api/types';
import { errorText } from '../errors';
import { segment } from './format';
import { TreeNode, type LoadContext } from './nodes';

export async function dynamicTestGroup(context: LoadContext, parent: TreeNode): Promise<TreeNode[]> {
  if ((await context.client.apiVersion()) === 'v6') return [];
  let tests: ManagedEndpointTest[];
  try {
    tests = (await context.client.listManagedEndpointTests({ signal: context.signal })).filter(
      (test) => test.type === 'dynamic',
    );
  } catch (error) {
    if (context.signal.aborted) throw error;
    return [
      new TreeNode(parent, {
        label: 'dynamic',
        description: errorText('Listing the dynamic tests', error),
        icon: 'warning',
        kind: 'testTypeError',
      }),
    ];
  }
  if (tests.length === 0) return [];
  return [
    new TreeNode(parent, {
      label: 'dynamic',
      description: `${tests.length} dynamic test${tests.length === 1 ? '' : 's'}`,
      icon: 'symbol-folder',
      kind: 'testType',
      children: (_context, self) => Promise.resolve(tests.map((test) => dynamicTestNode(self, test))),
    }),
  ];
}

function dynamicTestNode(parent: TreeNode, test: ManagedEndpointTest): TreeNode {
  const application = typeof test.fields['application'] === 'string' ? test.fields['application'] : 'an application';
  const disabled = test.isEnabled ? '' : ' · disabled';
  const description = `dynamic test · follows ${application} calls · every ${test.interval} s${disabled}`;
  return new TreeNode(parent, {
    label: test.testName,
    description,
    icon: test.isEnabled ? 'pass' : 'circle-outline',
    kind: 'dynamicTest',
    ids: { testId: test.testId },
    spoken: `${test.testName}, ${description}`,
    details: { path: `endpoint-tests/dynamic-${segment(test.testId)}`, load: () => Promise.resolve(test) },
  });
}
