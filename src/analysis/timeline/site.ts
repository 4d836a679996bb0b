// A visited site as the host it names, so "https://Portal.example.com:443/home" and
// "portal.example.com" are one target when the agent's normal toward it is read.

/** The lower-case host of a visited site (scheme, port and path dropped); undefined when there is none. */
export function siteHost(site: string | undefined): string | undefined {
  if (site === undefined) return undefined;
  const authority = site
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/[/?#].*$/, '')
    .toLowerCase();
  // A port follows a name, an IPv4 address or a bracketed IPv6 address; a bare IPv6 address keeps its colons.
  const host = /^(\[[^\]]*\]|[^:]*):\d+$/.test(authority) ? authority.replace(/:\d+$/, '') : authority;
  return host === '' ? undefined : host;
}
