// Resource type and URL parts, the way DevTools derives them.
import type { ResourceType } from './model';

const CHROME_TYPES: Record<string, ResourceType> = {
  document: 'document',
  stylesheet: 'stylesheet',
  script: 'script',
  image: 'image',
  font: 'font',
  xhr: 'fetch',
  fetch: 'fetch',
  eventsource: 'fetch',
  preflight: 'fetch',
  media: 'media',
  websocket: 'websocket',
  manifest: 'other',
  ping: 'other',
  texttrack: 'other',
  other: 'other',
};

/** `_resourceType` when a browser recorded it; the MIME type otherwise. */
export function classifyResource(resourceTypeHint: string, mimeType: string, url: string): ResourceType {
  const fromHint = CHROME_TYPES[resourceTypeHint.toLowerCase()];
  if (fromHint) return fromHint;
  const mime = mimeType.toLowerCase();
  if (mime.includes('html')) return 'document';
  if (mime.includes('css')) return 'stylesheet';
  if (mime.includes('javascript') || mime.includes('ecmascript')) return 'script';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('font/') || mime.includes('woff') || mime.includes('opentype')) return 'font';
  if (mime.startsWith('audio/') || mime.startsWith('video/')) return 'media';
  if (mime.includes('json') || mime.includes('xml')) return 'fetch';
  if (/^wss?:/i.test(url)) return 'websocket';
  return 'other';
}

export interface UrlParts {
  scheme: string;
  host: string;
  path: string;
  name: string;
}

const ABSOLUTE_URL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?/i;

/** Splits without `new URL` (slow at 10,000 entries, and it throws on garbage). */
export function splitUrl(url: string): UrlParts {
  const match = ABSOLUTE_URL.exec(url);
  if (match) {
    const [, scheme = '', authority = '', pathname = '', search = ''] = match;
    const host = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
    const path = pathname || '/';
    const segments = path.split('/');
    const last = segments[segments.length - 1] || (segments.length > 2 ? `${segments[segments.length - 2]}/` : host);
    return { scheme: scheme.toLowerCase(), host, path: path + search, name: last + search };
  }
  // data:, javascript:, blob: and garbage: no host; the whole string is the name.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return { scheme, host: '', path: url, name: url };
}
