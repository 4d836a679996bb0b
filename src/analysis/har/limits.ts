// The largest HAR file we read whole, in the editor and on the command line: the file is
// parsed in memory (and, in the editor, posted to the webview), which costs several times
// its size. One limit and one message for both.

export const HAR_SIZE_LIMIT_BYTES = 150 * 1024 * 1024;

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "<name> is 200.0 MB, more than the limit of 150.0 MB" */
export function harTooLargeMessage(name: string, bytes: number, limit = HAR_SIZE_LIMIT_BYTES): string {
  return `${name} is ${megabytes(bytes)}, more than the limit of ${megabytes(limit)} for a HAR read whole`;
}

/** gzip's magic bytes: a .har.gz or .zhar is recognised by its content, not only its name. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** File names read as HARs: `.har`, and gzip-compressed `.har.gz` / `.zhar`. */
export const HAR_FILE_NAME = /\.(har|har\.gz|zhar)$/i;
