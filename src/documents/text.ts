// Text the documents layer writes into a user's file from elsewhere (agent and test names
// from the account): one line, no control characters, bounded; and file-name slugs.

/** A name going into a `//` comment: one line (a newline would end the comment early), bounded. */
export function commentLine(text: string, maxLength = 80): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').slice(0, maxLength);
}

/** Lower-case words joined by dashes, for a file name; `fallback` when nothing is left. */
export function slug(text: string, fallback: string, maxLength = 60): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, maxLength) || fallback
  );
}
