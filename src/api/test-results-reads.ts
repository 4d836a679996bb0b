// Results of enterprise tests (v7): a kind's result records by round, and one round's path
// trace, page load, web transaction (and its pages), BGP routes and API test steps. v6 says they need the current API.
import { callOnly, type ClientCalls } from './client-calls';
import type { CallOptions, ListOptions, Paged } from './client';
import type {
  ApiTestDetail,
  BgpRoute,
  EnterprisePathTrace,
  PageLoadDetail,
  TestResultKind,
  TestResultRecords,
  TestResultsResponse,
  WebTransactionDetail,
  WebTransactionPageDetail,
} from './types';

export class TestResultsReads {
  constructor(private readonly calls: ClientCalls) {}

  results<K extends TestResultKind>(
    kind: K,
    testId: number | string,
    options: ListOptions,
  ): Paged<TestResultRecords[K], TestResultsResponse> {
    return this.calls.paged((d) => d.testResults(kind, testId), options);
  }

  pathTrace(
    testId: number | string,
    agentId: string,
    roundId: number,
    options: CallOptions,
  ): Promise<EnterprisePathTrace> {
    return this.calls.record<'json', EnterprisePathTrace>(
      (d) => d.testPathTrace(testId, agentId, roundId),
      callOnly(options),
    );
  }

  pageLoadDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options: CallOptions,
  ): Promise<PageLoadDetail> {
    return this.calls.record<'json', PageLoadDetail>(
      (d) => d.pageLoadDetail(testId, agentId, roundId),
      callOnly(options),
    );
  }

  webTransactionDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options: CallOptions,
  ): Promise<WebTransactionDetail> {
    return this.calls.record<'json', WebTransactionDetail>(
      (d) => d.webTransactionDetail(testId, agentId, roundId),
      callOnly(options),
    );
  }

  webTransactionPage(
    testId: number | string,
    agentId: string,
    roundId: number,
    pageId: string,
    options: CallOptions,
  ): Promise<WebTransactionPageDetail> {
    return this.calls.record<'json', WebTransactionPageDetail>(
      (d) => d.webTransactionPage(testId, agentId, roundId, pageId),
      callOnly(options),
    );
  }

  async bgpRoutes(
    testId: number | string,
    prefixId: string,
    roundId: number,
    options: CallOptions,
  ): Promise<BgpRoute[]> {
    const read = await this.calls.record<'json', { routes: BgpRoute[] }>(
      (d) => d.bgpRoutes(testId, prefixId, roundId),
      callOnly(options),
    );
    return read.routes;
  }

  apiTestDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options: CallOptions,
  ): Promise<ApiTestDetail> {
    return this.calls.record<'json', ApiTestDetail>(
      (d) => d.apiTestDetail(testId, agentId, roundId),
      callOnly(options),
    );
  }
}
