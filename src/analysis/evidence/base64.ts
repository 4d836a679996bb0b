// Base64 of UTF-8 text, without Buffer or btoa's Latin-1 limit: the HTML bundle embeds its
// redacted HARs as `data:application/json;base64,…` links (a download that needs no script).
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function base64Bytes(bytes: Uint8Array): string {
  // Chunks of 3 bytes → 4 characters; joined once (string concatenation per byte is slow for MBs).
  const parts: string[] = [];
  const chunk: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    chunk.push(
      ALPHABET[(n >> 18) & 63] as string,
      ALPHABET[(n >> 12) & 63] as string,
      b === undefined ? '=' : (ALPHABET[(n >> 6) & 63] as string),
      c === undefined ? '=' : (ALPHABET[n & 63] as string),
    );
    if (chunk.length >= 8192) {
      parts.push(chunk.join(''));
      chunk.length = 0;
    }
  }
  parts.push(chunk.join(''));
  return parts.join('');
}

export function base64Utf8(text: string): string {
  return base64Bytes(new TextEncoder().encode(text));
}
