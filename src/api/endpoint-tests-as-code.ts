// Endpoint tests as code (v7): scheduled and dynamic endpoint tests listed, created, patched
// and deleted by type, and the endpoint labels their agents are picked by. v6 has none of it:
// every method says it needs the current API before anything is sent.
import { callOnly, type ClientCalls } from './client-calls';
import type { CallOptions } from './client';
import type { Dialect, EndpointTestsAsCodeRoutes } from './dialect';
import type { EndpointLabel, ManagedEndpointTest, ManagedEndpointTestType } from './types';
import { ENDPOINT_TESTS_AS_CODE_NEED_V7, MANAGED_ENDPOINT_TEST_TYPES } from './types';

function routes(dialect: Dialect): EndpointTestsAsCodeRoutes {
  if (!dialect.endpointTestsAsCode) throw new RangeError(ENDPOINT_TESTS_AS_CODE_NEED_V7);
  return dialect.endpointTestsAsCode;
}

export class EndpointTestsAsCode {
  constructor(private readonly calls: ClientCalls) {}

  /** Every type's tests, read side by side. */
  async list(options: CallOptions): Promise<ManagedEndpointTest[]> {
    const call = callOnly(options);
    const lists = await Promise.all(
      MANAGED_ENDPOINT_TEST_TYPES.map((type) =>
        this.calls.record<'json', { tests: ManagedEndpointTest[] }>((d) => routes(d).list(type), call),
      ),
    );
    return lists.flatMap((list) => list.tests);
  }

  create(
    type: ManagedEndpointTestType,
    body: Record<string, unknown>,
    options: CallOptions,
  ): Promise<ManagedEndpointTest> {
    return this.calls.record<'json', ManagedEndpointTest>((d) => routes(d).create(type, body), callOnly(options));
  }

  update(
    type: ManagedEndpointTestType,
    testId: number,
    body: Record<string, unknown>,
    options: CallOptions,
  ): Promise<ManagedEndpointTest> {
    return this.calls.record<'json', ManagedEndpointTest>(
      (d) => routes(d).update(type, testId, body),
      callOnly(options),
    );
  }

  remove(type: ManagedEndpointTestType, testId: number, options: CallOptions): Promise<void> {
    return this.calls.noAnswer((d) => routes(d).remove(type, testId), options, {
      operation: 'deleting endpoint tests',
      requiredPermission: 'Edit endpoint tests',
    });
  }

  async labels(options: CallOptions): Promise<EndpointLabel[]> {
    routes(await this.calls.dialect());
    const walk = this.calls.paged<EndpointLabel, unknown>((d) => routes(d).labels(), callOnly(options));
    const labels: EndpointLabel[] = [];
    for await (const label of walk) labels.push(label);
    return labels;
  }
}
