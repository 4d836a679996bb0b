// How a tool call's arguments appear in a log line (netmon mcp's stderr, the Netmon log in
// VS Code): values under secret-looking keys never, control characters never, 300 characters at most.

/** Argument values whose key looks like a secret are never logged. */
const SECRET_KEY = /token|secret|password|authorization|cookie/i;

export function argsForLog(args: unknown): string {
  const text = JSON.stringify(args ?? {}, (key, value: unknown) =>
    key !== '' && SECRET_KEY.test(key) ? '[redacted]' : value,
  );
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  return clean.length > 300 ? `${clean.slice(0, 299)}…` : clean;
}
