// Turns failures into messages that say what failed and what to do. The client's typed
// errors already name the request and the server's reason; this adds the next step.
import type { NetmonError, NetmonErrorKind } from '../api';

const KINDS: readonly NetmonErrorKind[] = [
  'auth',
  'forbidden',
  'validation',
  'invalid-filter',
  'not-found',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'cancelled',
  'unparseable',
  'paging-loop',
];

/**
 * Duck-typed: the client lives in its own bundle (dist/client-lib.js), so its error
 * classes are not the ones `instanceof` would see here.
 */
export function isNetmonError(value: unknown): value is NetmonError {
  if (!(value instanceof Error)) return false;
  const { kind, method, path } = value as Partial<Record<'kind' | 'method' | 'path', unknown>>;
  return (
    typeof kind === 'string' &&
    (KINDS as readonly string[]).includes(kind) &&
    typeof method === 'string' &&
    typeof path === 'string'
  );
}

export interface DescribedError {
  /** "Loading user sessions failed: 403 …" */
  message: string;
  /** What the user can do about it. */
  action: string;
}

/** An error that knows what the user should do about it (a field to fix is not a thing to retry). */
export interface ErrorWithAction extends Error {
  readonly action: string;
}

function hasAction(error: unknown): error is ErrorWithAction {
  return error instanceof Error && typeof (error as Partial<ErrorWithAction>).action === 'string';
}

export function describeError(what: string, error: unknown): DescribedError {
  if (isNetmonError(error)) return { message: `${what} failed: ${error.message}`, action: actionFor(error) };
  const text = error instanceof Error ? error.message : String(error);
  return {
    message: `${what} failed: ${text}`,
    action: hasAction(error) ? error.action : 'Retry, or check the Netmon log ("Netmon: Show Log").',
  };
}

/** One line for notifications and tooltips. */
export function errorText(what: string, error: unknown): string {
  const { message, action } = describeError(what, error);
  return `${message}. ${action}`;
}

function actionFor(error: NetmonError): string {
  switch (error.kind) {
    case 'auth':
      return 'Run "Netmon: Sign In" again with a valid token and the right auth form.';
    case 'forbidden':
      return 'Ask an administrator for that role, or switch to an account group where you have it.';
    case 'validation':
      return error.method === 'GET'
        ? 'Change the time range or filters and retry.'
        : // A write comes from a document or a form: the service's reason names the field to fix.
          'Fix what the service names in the document (completion lists the values it accepts) and retry.';
    case 'invalid-filter':
      return 'Change the filters (completion in a filter document lists the keys and values) and retry.';
    case 'not-found':
      return 'The record may have been deleted: refresh the Netmon view.';
    case 'rate-limited':
      return "The organization's rate limit is spent: wait until it resets, then retry.";
    case 'server':
      return 'The server failed: retry in a moment.';
    case 'network':
      return 'Check the base URL, the network and the "netmon.proxy" setting, then retry.';
    case 'timeout':
      return 'Retry, or raise the "netmon.timeoutMs" setting.';
    case 'cancelled':
      return 'Retry when you are ready.';
    case 'unparseable':
      return 'The server answered something unexpected: check the base URL and retry.';
    case 'paging-loop':
      return "The server's paging repeats itself: narrow the time range and retry.";
  }
}

export function isCancellation(error: unknown): boolean {
  return (
    (isNetmonError(error) && error.kind === 'cancelled') || (error instanceof Error && error.name === 'AbortError')
  );
}
