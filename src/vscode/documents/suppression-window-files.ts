// Which files are suppression window documents (*.netmon-alert-suppression-window.json,
// src/documents/suppression-windows), by name alone: activation (dist/extension.js) asks it without
// loading the documents layer.
export const SUPPRESSION_WINDOW_GLOB = '**/*.netmon-alert-suppression-window.json';

export function isSuppressionWindowFile(path: string): boolean {
  return path.toLowerCase().endsWith('.netmon-alert-suppression-window.json');
}
