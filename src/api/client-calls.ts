// How the client calls the API: the dialect in use (detected once per client when the
// setting is `auto`: detect.ts), the URL of a call, and the three shapes of a call (a record,
// a paged list, a write that answers nothing). The client and its method groups kept in
// modules of their own (endpoint tests as code, enterprise test results) call through it.
import type {
  ApiVersion,
  CallOptions,
  FormatOptions,
  Formatted,
  ListOptions,
  NetmonClientOptions,
  Paged,
  ResponseFormat,
  TimeRangeOptions,
} from './client';
import { redactPath } from './auth';
import { DETECTION_PATH, DETECTION_QUERY, dialectOf } from './detect';
import type { Dialect, ListRoute, RecordRoute } from './dialect';
import { PagingLoopError, UnparseableResponseError } from './errors';
import { DeferredPaged, outsideBase, PagedWalk, pagingLimits, type PagingLimits } from './paging';
import { applyQuery, resolvePath } from './query';
import type { ApiRequest, RequestExecutor } from './request';
import type { HttpMethod } from './transport';
import { v6 } from './v6';
import { v7 } from './v7';

const DIALECTS: Record<ApiVersion, Dialect> = { v6, v7 };

type Query = TimeRangeOptions & { format?: ResponseFormat };

/** A write that answers nothing: a delete, a run. */
export interface NoAnswerRoute {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

export class DialectCalls {
  private detected: Promise<Dialect> | undefined;
  /** How far each walk may go; a bad `paging` option throws when the client is made. */
  readonly paging: PagingLimits;

  /** `baseUrl` without a trailing slash; `options` are the client's. */
  constructor(
    private readonly baseUrl: string,
    private readonly executor: RequestExecutor,
    private readonly options: Pick<NetmonClientOptions, 'apiVersion' | 'aid' | 'jsonSuffix' | 'paging'>,
  ) {
    this.paging = pagingLimits(options.paging);
  }

  dialect(): Promise<Dialect> {
    const setting = this.options.apiVersion ?? 'auto';
    if (setting !== 'auto') return Promise.resolve(DIALECTS[setting]);
    // One detection per client, shared by concurrent callers; a failed one is tried again.
    this.detected ??= this.detect().catch((error: unknown) => {
      this.detected = undefined;
      throw error;
    });
    return this.detected;
  }

  private async detect(): Promise<Dialect> {
    const url = this.url(DETECTION_PATH, {}, v7);
    for (const [name, value] of Object.entries(DETECTION_QUERY)) url.searchParams.set(name, value);
    const version = await dialectOf(
      async () => (await this.executor.execute({ method: 'GET', url, expect: 'json', accept: v7.accept })).data,
    );
    return DIALECTS[version];
  }

  url(path: string, call: CallOptions & Query, dialect: Dialect): URL {
    const aid = call.aid ?? this.options.aid;
    // The suffix names v6's JSON form: an XML request (and v7) goes without it.
    const suffixed =
      this.options.jsonSuffix && dialect.version === 'v6' && call.format !== 'xml' ? `${path}.json` : path;
    const url = applyQuery(resolvePath(this.baseUrl, suffixed), { aid, format: call.format });
    for (const [name, value] of Object.entries(dialect.timeQuery(call))) url.searchParams.set(name, value);
    return url;
  }

  async usable(format: ResponseFormat | undefined): Promise<Dialect> {
    const dialect = await this.dialect();
    const refusal = dialect.refuseFormat(format);
    if (refusal) throw new RangeError(refusal);
    return dialect;
  }

  /** One request answering one record: XML comes back as sent; JSON must hold the record. */
  async record<F extends ResponseFormat, T>(
    make: (dialect: Dialect) => RecordRoute,
    call: FormatOptions<F>,
  ): Promise<Formatted<F, T>> {
    const dialect = await this.usable(call.format);
    const route = make(dialect);
    const url = this.url(route.path, { aid: call.aid, format: call.format }, dialect);
    for (const [name, value] of Object.entries(route.query ?? {})) url.searchParams.set(name, value);
    const expect = call.format === 'xml' ? 'text' : 'json';
    const response = await this.executor.execute({
      method: route.method,
      url,
      body: route.body,
      expect,
      accept: dialect.accept,
      signal: call.signal,
      timeoutMs: call.timeoutMs,
      operation: route.operation,
      requiredPermission: route.requiredPermission,
      instant: route.instant,
    });
    if (expect === 'text') return response.data as Formatted<F, T>;
    const record = route.read(response.data, `/${route.path}`);
    if (!record) {
      throw new UnparseableResponseError({
        method: route.method,
        path: redactPath(url),
        status: response.status,
        errorMessage: `the answer of /${route.path} holds no record`,
      });
    }
    return record as Formatted<F, T>;
  }

  async noAnswer(
    make: (dialect: Dialect) => NoAnswerRoute,
    call: CallOptions,
    what: Pick<ApiRequest, 'operation' | 'requiredPermission' | 'instant'>,
  ): Promise<void> {
    const dialect = await this.dialect();
    const { method, path, body } = make(dialect);
    await this.executor.execute({
      method,
      url: this.url(path, { aid: call.aid }, dialect),
      body,
      expect: 'none',
      accept: dialect.accept,
      signal: call.signal,
      timeoutMs: call.timeoutMs,
      ...what,
    });
  }

  paged<TRecord, TResponse>(make: (dialect: Dialect) => ListRoute, options: ListOptions): Paged<TRecord, TResponse> {
    return new DeferredPaged(async () => {
      const dialect = await this.dialect();
      const route = make(dialect);
      const firstUrl = (): URL => {
        if (options.resumeFrom) return this.resumeUrl(options.resumeFrom);
        const url = this.url(route.path, route.timed ? options : { aid: options.aid }, dialect);
        for (const [name, value] of Object.entries(route.query ?? {})) url.searchParams.set(name, value);
        return url;
      };
      return new PagedWalk<TRecord, TResponse>({
        firstUrl,
        method: route.method,
        body: route.body,
        records: route.records,
        precheck: route.check,
        base: this.baseUrl,
        shape: route.shape,
        rules: dialect.pages,
        list: route.list,
        toDomain: route.toDomain,
        limits: this.paging,
        fetch: async (url, method, body) =>
          (
            await this.executor.execute({
              method,
              url,
              body,
              expect: 'json',
              accept: dialect.accept,
              signal: options.signal,
              timeoutMs: options.timeoutMs,
            })
          ).data,
      });
    });
  }

  /** The first page of a list as its domain envelope; on v6 the page as sent (or its XML). */
  async firstPage<F extends ResponseFormat, TResponse>(
    make: (dialect: Dialect) => ListRoute,
    options: FormatOptions<F>,
  ): Promise<Formatted<F, TResponse>> {
    const dialect = await this.usable(options.format);
    if (dialect.version === 'v6') {
      const url = this.url(make(dialect).path, { aid: options.aid, format: options.format }, dialect);
      const expect = options.format === 'xml' ? 'text' : 'json';
      return (
        await this.executor.execute({
          method: 'GET',
          url,
          expect,
          signal: options.signal,
          timeoutMs: options.timeoutMs,
        })
      ).data as Formatted<F, TResponse>;
    }
    const walk = this.paged<unknown, TResponse>(make, callOnly(options));
    for await (const page of walk.pages()) return page.response as Formatted<F, TResponse>;
    throw new UnparseableResponseError({ method: 'GET', path: '/', errorMessage: 'the list answered no page' });
  }

  resumeUrl(resumeFrom: string): URL {
    const url = new URL(resumeFrom, `${this.baseUrl}/`);
    if (outsideBase(url, this.baseUrl)) {
      throw new PagingLoopError(
        { method: 'GET', path: redactPath(url) },
        `resumeFrom must be a URL of ${this.baseUrl}`,
      );
    }
    return url;
  }
}

/** What a method group kept in a module of its own calls the API through. */
export type ClientCalls = Pick<DialectCalls, 'dialect' | 'record' | 'paged' | 'noAnswer'>;

/** The options of the call itself (account group, cancel, time limit), without a list's or a format's. */
export function callOnly(options: CallOptions): CallOptions {
  return { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs };
}
