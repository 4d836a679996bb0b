// Nothing that displays data can die from data: an exception while a panel draws what the
// host sent becomes a message in the panel (announced to screen readers) and a
// `renderFailed` report to the host, which logs it and offers "Show Log". The panel keeps
// listening, so the next load draws normally and clears the message.
import type { HostApi } from './ipc';
import type { RenderFailedMessage } from './render-failed';
import { adoptStyles } from './sheet';

/** Bounded: the exception text may quote the data. */
const MAX_REPORTED_CHARS = 500;
const BOX_ID = 'netmon-render-failure';

let styled = false;

export function drawSafely(host: HostApi<RenderFailedMessage>, draw: () => void): void {
  try {
    draw();
    document.getElementById(BOX_ID)?.remove();
  } catch (error) {
    const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(
      0,
      MAX_REPORTED_CHARS,
    );
    showFailure(message);
    host.postMessage({ type: 'renderFailed', params: { message } });
  }
}

function showFailure(message: string): void {
  if (!styled) {
    adoptStyles(`#${BOX_ID} { margin: 8px 0; padding: 8px 12px;
      border: 1px solid var(--vscode-inputValidation-errorBorder, currentColor);
      background: var(--vscode-inputValidation-errorBackground, transparent); color: var(--vscode-foreground); }`);
    styled = true;
  }
  let box = document.getElementById(BOX_ID);
  if (!box) {
    box = document.createElement('div');
    box.id = BOX_ID;
    box.setAttribute('role', 'alert');
    document.body.prepend(box);
  }
  // textContent: the message may quote API text.
  box.textContent =
    `This view could not be drawn from the data it received (${message}). ` +
    'The rest of Netmon is not affected; "Netmon: Show Log" has the details.';
}
