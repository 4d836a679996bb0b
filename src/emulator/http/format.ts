// Renders a response body as JSON or as an XML document of the same data. Arrays become a
// wrapper element named after the key holding one child per item, named by the singular
// of the key, so `{"userSessions":[…]}` reads `<userSessions><userSession>…`.
export type OutputFormat = 'json' | 'xml';

export interface Rendered {
  contentType: string;
  body: string;
}

/** `jsonType` names a JSON media type other than application/json (v7's hal+json, problem+json). */
export function render(data: unknown, format: OutputFormat, jsonType = 'application/json'): Rendered {
  if (format === 'xml') {
    return {
      contentType: 'application/xml; charset=utf-8',
      body: `<?xml version="1.0" encoding="UTF-8"?>\n${element('response', data)}`,
    };
  }
  return { contentType: `${jsonType}; charset=utf-8`, body: JSON.stringify(data) };
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
// Characters XML 1.0 forbids outright; they cannot be escaped, only dropped.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(XML_FORBIDDEN, '').replace(/[<>&"']/g, (c) => XML_ENTITIES[c] ?? c);
}
const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('s') && name.length > 1) return name.slice(0, -1);
  return 'item';
}

function openTag(name: string): { open: string; close: string } {
  if (XML_NAME.test(name) && !/^xml/i.test(name)) return { open: `<${name}`, close: `</${name}>` };
  return { open: `<entry key="${escapeXml(name)}"`, close: '</entry>' };
}

function element(name: string, value: unknown): string {
  const { open, close } = openTag(name);
  if (value === null || value === undefined) return `${open}/>`;
  if (Array.isArray(value)) {
    const child = singular(name);
    return `${open}>${value.map((item) => element(child, item)).join('')}${close}`;
  }
  if (typeof value === 'object') {
    const children = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => element(k, v))
      .join('');
    return `${open}>${children}${close}`;
  }
  return `${open}>${escapeXml(String(value))}${close}`;
}
