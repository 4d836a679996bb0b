// Endpoint data: user sessions (v6; v7 real-user tests), web and network sessions and network
// probes, each list with its search filters POSTed, and the detail reads of a session, a page
// and a probe.
import type { ClientCalls } from './client-calls';
import type { FilterableListOptions, Formatted, FormatOptions, Paged, ResponseFormat } from './client';
import type { Dialect } from './dialect';
import { segment } from './query';
import type {
  FilterTarget,
  Har,
  NetworkProbe,
  NetworkProbeDetail,
  NetworkProbesResponse,
  NetworkSession,
  NetworkSessionsResponse,
  SearchFilter,
  UserSession,
  UserSessionDetail,
  UserSessionsResponse,
  WebSession,
  WebSessionsResponse,
} from './types';

export class EndpointDataReads {
  constructor(
    private readonly calls: ClientCalls,
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * The explorer applies one set of filters to every list: with `onlyFiltersTaken`, a key this
   * list does not take in this API version is left out (and said) instead of refused.
   */
  private filtersTaken(
    dialect: Dialect,
    target: FilterTarget,
    options: FilterableListOptions,
  ): readonly SearchFilter[] | undefined {
    if (!options.filters || !options.onlyFiltersTaken) return options.filters;
    const taken = dialect.filterKeys(target);
    const kept = options.filters.filter((filter) => taken.includes(filter.key));
    const left = options.filters.filter((filter) => !taken.includes(filter.key)).map((filter) => filter.key);
    if (left.length > 0)
      this.warn(
        `${target}: API ${dialect.version} does not filter it by ${[...new Set(left)].join(', ')}; listed ` +
          `without ${left.length === 1 ? 'that filter' : 'those filters'}`,
      );
    return kept.length > 0 ? kept : undefined;
  }

  userSessions(options: FilterableListOptions): Paged<UserSession, UserSessionsResponse> {
    return this.calls.paged(
      (d) => d.filtered('user-sessions', this.filtersTaken(d, 'user-sessions', options), this.warn),
      options,
    );
  }

  webSessions(options: FilterableListOptions): Paged<WebSession, WebSessionsResponse> {
    return this.calls.paged((d) => d.filtered('web', this.filtersTaken(d, 'web', options), this.warn), options);
  }

  networkSessions(options: FilterableListOptions): Paged<NetworkSession, NetworkSessionsResponse> {
    return this.calls.paged((d) => d.filtered('network', this.filtersTaken(d, 'network', options), this.warn), options);
  }

  networkProbes(options: FilterableListOptions): Paged<NetworkProbe, NetworkProbesResponse> {
    return this.calls.paged(
      (d) => d.filtered('network-topology', this.filtersTaken(d, 'network-topology', options), this.warn),
      options,
    );
  }

  userSession<F extends ResponseFormat = 'json'>(
    userSessionId: string,
    options: FormatOptions<F>,
  ): Promise<Formatted<F, UserSessionDetail>> {
    segment(userSessionId);
    return this.calls.record((d) => d.userSession(userSessionId), options);
  }

  pageDetails<F extends ResponseFormat = 'json'>(
    userSessionId: string,
    pageId: string,
    options: FormatOptions<F>,
  ): Promise<Formatted<F, Har>> {
    segment(userSessionId);
    segment(pageId);
    return this.calls.record((d) => d.pageDetails(userSessionId, pageId), options);
  }

  networkProbe<F extends ResponseFormat = 'json'>(
    networkProbeId: string,
    options: FormatOptions<F>,
  ): Promise<Formatted<F, NetworkProbeDetail>> {
    segment(networkProbeId);
    return this.calls.record((d) => d.networkProbe(networkProbeId), options);
  }
}
