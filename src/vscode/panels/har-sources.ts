// Where the two sides of a HAR diff come from: a page of a user session (the API's page
// details) or a .har file. A file with several pages asks which one (or all requests).
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import { HAR_SIZE_LIMIT_BYTES } from '../../analysis/har/limits';
import { harPageList } from '../../analysis/har/diff';
import { fileName, harReadFailure, readHarUri } from '../har-editor/read-har-file';
import type { Prompts } from '../ui/prompts';
import type { HarSource } from './har-diff-panels';
import type { PageRef } from './waterfall-panels';

export function pageSource(client: NetmonClient, page: PageRef): HarSource {
  return {
    key: `page:${page.userSessionId}:${page.pageId}`,
    name: `${page.title || page.pageId} · session ${page.userSessionId}`,
    userSessionId: page.userSessionId,
    read: (signal) => client.getPageDetails(page.userSessionId, page.pageId, { signal }),
  };
}

/**
 * A .har file as one side; undefined when the user dismissed the page question. A file of
 * several pages asks which page (or all requests) to compare.
 */
export async function fileSource(
  uri: vscode.Uri,
  prompts: Prompts,
  limit = HAR_SIZE_LIMIT_BYTES,
): Promise<HarSource | undefined> {
  const name = fileName(uri);
  let har: unknown;
  try {
    har = await readHarUri(uri, limit);
  } catch (error) {
    throw new Error(`${name} cannot be compared: ${harReadFailure(error)}`);
  }
  const pages = harPageList(har);
  let page: string | undefined;
  if (pages.length > 1) {
    const items = [
      ...pages.map((p) => ({ label: `${p.number}. ${p.title || p.id}`, description: p.id, page: String(p.number) })),
      { label: 'All requests', description: `every request of the ${pages.length} pages`, page: '*' },
    ];
    const chosen = await prompts.choose(items, { title: `Which page of ${name}?`, placeHolder: 'The page to compare' });
    if (!chosen) return undefined;
    page = chosen.page;
  }
  const title = page && page !== '*' ? pages[Number(page) - 1]?.title : undefined;
  return {
    key: uri.toString(),
    name: title ? `${name} · ${title}` : name,
    ...(page ? { page } : {}),
    read: () => Promise.resolve(har),
  };
}

/** A .har file chosen in the open dialog. */
export function askForHarFile(prompts: Prompts, title: string): Promise<vscode.Uri | undefined> {
  return prompts.openLocation({ title, filters: { 'HAR files': ['har', 'gz', 'zhar'] }, openLabel: 'Compare' });
}
