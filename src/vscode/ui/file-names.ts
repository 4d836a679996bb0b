// A file name suggested in a save dialog from outside text (a page title, a session id):
// only word characters, dots and dashes, bounded, never empty.
export function suggestedFileName(text: string, fallback: string): string {
  return text.replace(/[^\w.-]+/g, '_').slice(0, 80) || fallback;
}
