// The waterfall's requests to its host that act on the HAR it shows, answered the same way
// by the page panel and the .har editor: a body in an editor, the export preview, the export.
import type { HarHostMessage, HarPanelMessage } from '../../../webview/har/protocol';
import type { PanelHost } from '../panels/panel-host';
import type { Prompts } from '../ui/prompts';
import { exportHarFile, previewOf } from './export-har';
import { openResponseBody } from './open-body';

/**
 * `har`: the HAR the panel shows (its host's own copy: a .har file's is a HarText); `name`: what the file is called by
 * default.
 */
export async function answerHarMessage(
  host: PanelHost<HarHostMessage, HarPanelMessage>,
  message: HarPanelMessage,
  har: unknown,
  name: string,
  prompts: Prompts,
): Promise<void> {
  if (message.type === 'openBody') await openResponseBody(har, message.params.index);
  else if (message.type === 'previewExport') {
    const preview = await previewOf(har);
    if (preview) host.post({ type: 'exportPreview', params: { preview } });
  } else if (message.type === 'exportHar') await exportHarFile(prompts, har, name, message.params.redacted);
}
