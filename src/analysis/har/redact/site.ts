// Where a piece of content is (the place for the report, the field it is under), how deep
// inside other content, and how its free text is scrubbed. Shared by the content readers
// (content.ts and the formats it hands text to: json.ts, form.ts, markup.ts).
import { recorder, type RedactContext } from './context';
import { scrubText } from './detect';
import { scanGraphql } from './graphql';
import type { RedactionPlace } from './report';
import { scrubFreeText } from './url';

export interface Site {
  readonly ctx: RedactContext;
  readonly where: RedactionPlace;
  /** The field, key or path the text is under (for the report), when there is one. */
  readonly name?: string;
  /**
   * A response body kept by --keep-bodies: its free text loses JWTs and credentials, not
   * every random-looking token (the option keeps content, not credentials).
   */
  readonly kept: boolean;
  /** How many contents this one is inside (JSON in a string in base64 …), up to NESTED_CONTENT_MAX_DEPTH. */
  readonly depth: number;
}

/** Redacts text found inside content (a JSON string, a form value, an element's text) as content of its own. */
export type Nested = (text: string, name: string | undefined) => string;

/**
 * Free text: GraphQL-like `password: "…"` arguments, URLs as URLs, JWTs, credentials and (unless kept) random tokens.
 */
export function scrub(text: string, site: Site, name = site.name): string {
  if (text.length < 8) return text;
  const { ctx, where } = site;
  const args = scanGraphql(text, ctx, where).text;
  return site.kept
    ? scrubText(args, recorder(ctx, where, name), { entropy: false })
    : scrubFreeText(args, ctx, where, name);
}
