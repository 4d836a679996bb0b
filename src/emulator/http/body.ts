// Reading and parsing request bodies: size cap (413), Content-Type (415), JSON with the
// service's quirks (single-quoted strings and other invalid JSON → 406).
import type { IncomingMessage } from 'node:http';
import { nestsDeeperThan, tooDeepMessage } from '../../api/types';
import { HttpError, badRequest } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(buffer);
  }
  try {
    return UTF8.decode(Buffer.concat(chunks));
  } catch {
    // Replacing bad bytes would store text the client never sent.
    throw badRequest('The request body is not valid UTF-8');
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body exceeds ${limit} bytes`);
}

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Parses a body that must be a JSON object; `what` names the request in messages. */
export function parseJsonObject(text: string, contentType: string | undefined, what: string): Record<string, unknown> {
  if (!isJsonContentType(contentType)) {
    throw new HttpError(415, `${what} needs a JSON body with header Content-Type: application/json`);
  }
  if (text.trim() === '') throw badRequest(`${what} needs a JSON object body`);
  const value = parseJson(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(
      `${what} needs a JSON object body, not ` +
        `${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  return value as Record<string, unknown>;
}

function parseJson(text: string): unknown {
  // Checked before parsing: the parse and every walk over its result would recurse.
  if (nestsDeeperThan(text)) throw badRequest(tooDeepMessage('The request body'));
  try {
    return JSON.parse(text);
  } catch (error) {
    if (/'[^']*'\s*:/.test(text) || /:\s*'/.test(text)) {
      throw new HttpError(406, 'Invalid JSON: strings must be enclosed in double quotes, not single quotes');
    }
    const detail = error instanceof Error ? error.message : String(error);
    throw new HttpError(406, `Invalid JSON: ${detail}`);
  }
}
