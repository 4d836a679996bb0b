// Which files are alert rule documents (*.netmon-alert-rule.json, src/documents/alert-rules), by
// name alone: activation (dist/extension.js) asks it without loading the documents layer.
export const ALERT_RULE_GLOB = '**/*.netmon-alert-rule.json';

export function isAlertRuleFile(path: string): boolean {
  return path.toLowerCase().endsWith('.netmon-alert-rule.json');
}
