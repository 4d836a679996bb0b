// The world writes apiLinks relative to the API root; responses carry absolute URLs.
import type { EndpointTest } from '../../api/types';

export function withAbsoluteLinks(test: EndpointTest, baseUrl: string): EndpointTest {
  if (!Array.isArray(test.apiLinks)) return test;
  return {
    ...test,
    apiLinks: test.apiLinks.map((link) => ({
      ...link,
      href: link.href.startsWith('/') ? `${baseUrl}${link.href}` : link.href,
    })),
  };
}
