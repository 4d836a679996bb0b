// The message every panel sends when drawing what the host sent failed (see draw-safely.ts).
// No DOM here: the hosts in src/vscode/panels import it too.
import { hasFields, isString, type Guard } from './guards';
import type { IpcMessage } from './ipc';

/** Webview → host: drawing a message failed; `message` is the exception's text. */
export type RenderFailedMessage = IpcMessage<'renderFailed', { message: string }>;

export const isRenderFailedParams: Guard<{ message: string }> = hasFields<{ message: string }>({ message: isString });
