// Which proxy, if any, carries the client's traffic. The client talks to one origin, so
// this is decided once per client: an explicit proxy URL wins; otherwise the usual
// environment variables apply (HTTPS_PROXY first for https, HTTP_PROXY first for http,
// each falling back to the other), except for loopback hosts (the embedded emulator)
// and hosts listed in NO_PROXY.

export type Environment = Readonly<Record<string, string | undefined>>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function proxyFor(
  target: URL,
  explicit: string | false | undefined,
  env: Environment = process.env,
): string | undefined {
  if (explicit === false) return undefined;
  if (typeof explicit === 'string' && explicit !== '') return explicit;
  if (LOOPBACK_HOSTS.has(target.hostname) || target.hostname.startsWith('127.')) return undefined;
  if (bypassed(target, env['NO_PROXY'] ?? env['no_proxy'] ?? '')) return undefined;
  const https = [env['HTTPS_PROXY'], env['https_proxy']];
  const http = [env['HTTP_PROXY'], env['http_proxy']];
  const ordered = target.protocol === 'https:' ? [...https, ...http] : [...http, ...https];
  return ordered.find((value) => value !== undefined && value.trim() !== '')?.trim();
}

/** NO_PROXY: comma/space separated hosts, `.suffix` or `*.suffix` for domains, optional `:port`, `*` for all. */
function bypassed(target: URL, noProxy: string): boolean {
  const host = target.hostname.toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const [pattern = '', entryPort] = entry.toLowerCase().split(/:(?=\d+$)/);
      if (entryPort && entryPort !== port) return false;
      const suffix = pattern.replace(/^\*?\./, '');
      return host === suffix || host.endsWith(`.${suffix}`);
    });
}
