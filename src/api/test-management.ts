// Tests written and run: enterprise tests created, updated, deleted and run (Account Admin),
// their list, and endpoint scheduled tests listed, read and run as instant tests. Endpoint
// tests as code (v7) keep a module of their own: endpoint-tests-as-code.ts.
import { callOnly, type ClientCalls, type DialectCalls } from './client-calls';
import type {
  CallOptions,
  EndpointTestListOptions,
  Formatted,
  FormatOptions,
  InventoryOptions,
  Paged,
  ResponseFormat,
  TestWriteOptions,
} from './client';
import type { ListRoute } from './dialect';
import { inventoryOptions } from './inventory-reads';
import { segment } from './query';
import type {
  EndpointTest,
  EndpointTestResponse,
  EndpointTestType,
  EnterpriseTest,
  EnterpriseTestCreate,
  EnterpriseTestType,
  EnterpriseTestUpdate,
  InstantTestBodies,
} from './types';

export class TestManagement {
  /** v7 reads an endpoint test by type and id: the types learnt from the list. */
  private readonly endpointTestTypes = new Map<number, string>();

  constructor(private readonly calls: ClientCalls & Pick<DialectCalls, 'firstPage'>) {}

  createTest<F extends ResponseFormat = 'json'>(
    type: EnterpriseTestType,
    body: EnterpriseTestCreate,
    options: TestWriteOptions<F>,
  ): Promise<Formatted<F, EnterpriseTest>> {
    return this.calls.record((d) => d.createTest(type, body, options.legacyPaths ?? false), options);
  }

  updateTest<F extends ResponseFormat = 'json'>(
    type: EnterpriseTestType,
    testId: number,
    body: EnterpriseTestUpdate,
    options: TestWriteOptions<F>,
  ): Promise<Formatted<F, EnterpriseTest>> {
    return this.calls.record((d) => d.updateTest(type, testId, body, options.legacyPaths ?? false), options);
  }

  deleteTest(type: EnterpriseTestType, testId: number, options: TestWriteOptions<'json'>): Promise<void> {
    return this.calls.noAnswer((d) => d.deleteTest(type, testId, options.legacyPaths ?? false), options, {
      operation: 'deleting tests',
      requiredPermission: 'Account Admin',
    });
  }

  runInstantTest(type: EnterpriseTestType, body: EnterpriseTestCreate, options: CallOptions): Promise<EnterpriseTest> {
    return this.calls.record<'json', EnterpriseTest>((d) => d.enterpriseInstantTest(type, body), callOnly(options));
  }

  runTest(testId: number | string, options: CallOptions): Promise<void> {
    return this.calls.noAnswer((d) => d.runTest(testId), options, {
      operation: 'running instant tests',
      instant: true,
    });
  }

  async enterpriseTests(options: CallOptions): Promise<EnterpriseTest[]> {
    const { test } = await this.calls.record<'json', { test: EnterpriseTest[] }>(
      (d) => d.enterpriseTests(),
      callOnly(options),
    );
    return test;
  }

  listEndpointTests<F extends ResponseFormat = 'json'>(
    options: EndpointTestListOptions<F>,
  ): Promise<Formatted<F, EndpointTestResponse>> {
    return this.calls.firstPage((d) => this.learnTypes(d.endpointTests(options.type)), options);
  }

  endpointTests(options: InventoryOptions & { type?: EndpointTestType }): Paged<EndpointTest, EndpointTestResponse> {
    return this.calls.paged((d) => this.learnTypes(d.endpointTests(options.type)), inventoryOptions(options));
  }

  endpointTest<F extends ResponseFormat = 'json'>(
    testId: number,
    options: FormatOptions<F>,
  ): Promise<Formatted<F, EndpointTest>> {
    segment(testId);
    return this.calls.dialect().then(async (dialect) => {
      const type = dialect.endpointTestNeedsType ? await this.endpointTestType(testId, options) : undefined;
      return this.calls.record((d) => d.endpointTest(testId, type), options);
    });
  }

  private learnTypes(route: ListRoute): ListRoute {
    const toDomain = route.toDomain;
    return {
      ...route,
      toDomain: (record) => {
        const test = toDomain ? toDomain(record) : record;
        if (typeof test['testId'] === 'number' && typeof test['type'] === 'string')
          this.endpointTestTypes.set(test['testId'], test['type']);
        return test;
      },
    };
  }

  /** The type of an endpoint test, from the list (read once more when the id is new to this client). */
  private async endpointTestType(testId: number, call: CallOptions): Promise<string | undefined> {
    if (!this.endpointTestTypes.has(testId)) {
      for await (const test of this.endpointTests({ aid: call.aid, signal: call.signal, timeoutMs: call.timeoutMs }))
        if (test.testId === testId) break;
    }
    return this.endpointTestTypes.get(testId);
  }

  instantTest<T extends EndpointTestType, F extends ResponseFormat = 'json'>(
    type: T,
    body: InstantTestBodies[T],
    options: FormatOptions<F>,
  ): Promise<Formatted<F, EndpointTest>> {
    return this.calls.record((d) => d.instantTest(type, body), options);
  }
}
