// Pages of any list read as they come (JSON or XML, a path or a `next` URL given by hand), not
// mapped onto the domain: the XML view and exports read through these. They walk with the same
// rules as the typed lists: below the base URL only, no page twice, no token in links.
import { withoutAuthQuery } from './auth';
import type { DialectCalls } from './client-calls';
import type { CallOptions, Formatted, FormatOptions, ResponseFormat, TimeRangeOptions, XmlPage } from './client';
import { followNext, isRecord, nextOfXmlPage, WalkGuard } from './paging';
import { applyQuery, resolvePath } from './query';
import type { RequestExecutor } from './request';

export class RawPages {
  /** `baseUrl` without a trailing slash; `aid` is the client's default account group. */
  constructor(
    private readonly baseUrl: string,
    private readonly calls: Pick<DialectCalls, 'usable' | 'resumeUrl' | 'url' | 'paging'>,
    private readonly executor: RequestExecutor,
    private readonly options: { aid?: number | string },
  ) {}

  async getPage<F extends ResponseFormat = 'json'>(
    pathOrUrl: string,
    options: FormatOptions<F> & TimeRangeOptions = {},
  ): Promise<Formatted<F, unknown>> {
    const dialect = await this.calls.usable(options.format);
    const absolute = /^https?:\/\//i.test(pathOrUrl);
    const url = applyQuery(absolute ? this.calls.resumeUrl(pathOrUrl) : resolvePath(this.baseUrl, pathOrUrl), {
      aid: options.aid ?? (absolute ? undefined : this.options.aid),
      format: options.format,
    });
    for (const [name, value] of Object.entries(dialect.timeQuery(options))) url.searchParams.set(name, value);
    const response = await this.executor.execute({
      method: 'GET',
      url,
      expect: options.format === 'xml' ? 'text' : 'json',
      accept: dialect.accept,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    return withoutEchoedToken(response.data) as Formatted<F, unknown>;
  }

  async *xmlPages(path: string, options: CallOptions & TimeRangeOptions = {}): AsyncIterableIterator<XmlPage> {
    const dialect = await this.calls.usable('xml');
    const guard = new WalkGuard(this.calls.paging, path, 'GET');
    let url: URL | undefined = withoutAuthQuery(this.calls.url(path, { ...options, format: 'xml' }, dialect));
    while (url) {
      const here: string = url.toString();
      guard.admit(url);
      const response = await this.executor.execute({
        method: 'GET',
        url,
        expect: 'text',
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      });
      const xml = withoutEchoedToken(response.data) as string;
      const next = nextOfXmlPage(xml);
      const nextUrl: URL | undefined = next === undefined ? undefined : followNext(next, url, this.baseUrl, 'GET');
      // XML records are not counted here: the budget alone bounds an XML walk.
      guard.read(undefined, next);
      yield { url: here, xml, next: nextUrl?.toString() };
      url = nextUrl;
    }
  }
}

/** A server may echo `authToken` into a next link; like PagedWalk, callers never see it. */
function withoutEchoedToken(data: unknown): unknown {
  if (typeof data === 'string')
    return data.replace(/([?&])authToken=[^&#<"\s]*(&amp;|&)?/gi, (_match, lead: string, tail?: string) =>
      tail ? lead : '',
    );
  if (!isRecord(data) || !isRecord(data['pages']) || typeof data['pages']['next'] !== 'string') return data;
  let next: URL;
  try {
    next = new URL(data['pages']['next']);
  } catch {
    return data;
  }
  return { ...data, pages: { ...data['pages'], next: withoutAuthQuery(next).toString() } };
}
