// How `netmon validate` reports: text lines (file:line:col severity message [code]), JSON,
// SARIF 2.1.0 for code-scanning annotations, and JUnit XML for CI test reports. Every form
// carries the same findings with exact ranges (1-based lines and UTF-16 columns, end
// column exclusive, as SARIF's default columnKind counts them).
import type { DocumentDiagnostic } from '../documents';
import { ciJson, ciXml } from './ci-safe';

export const VALIDATE_FORMATS = ['text', 'json', 'sarif', 'junit'] as const;
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

export interface Finding {
  file: string;
  diagnostic: DocumentDiagnostic;
}

export interface ValidateReport {
  /** Every document checked (relative paths), including clean ones. */
  files: string[];
  findings: Finding[];
}

export function formatReport(report: ValidateReport, format: ValidateFormat, toolVersion: string): string {
  switch (format) {
    case 'text':
      return report.findings.map(textLine).join('\n');
    case 'json':
      return ciJson(jsonReport(report));
    case 'sarif':
      return ciJson(sarifLog(report, toolVersion));
    case 'junit':
      return junitXml(report);
  }
}

export function textLine({ file, diagnostic }: Finding): string {
  const { line, character } = diagnostic.range.start;
  return `${file}:${line + 1}:${character + 1} ${diagnostic.severity} ${diagnostic.message} [${diagnostic.code}]`;
}

function region(diagnostic: DocumentDiagnostic): {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
} {
  const { start, end } = diagnostic.range;
  return {
    startLine: start.line + 1,
    startColumn: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
  };
}

function jsonReport(report: ValidateReport): object {
  return {
    documents: report.files.length,
    problems: report.findings.map(({ file, diagnostic }) => ({
      file,
      ...region(diagnostic),
      severity: diagnostic.severity,
      code: diagnostic.code,
      source: diagnostic.source,
      message: diagnostic.message,
    })),
  };
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

function sarifLog(report: ValidateReport, toolVersion: string): object {
  const codes = [...new Set(report.findings.map((f) => f.diagnostic.code))].sort();
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'netmon validate',
            semanticVersion: toolVersion,
            rules: codes.map((id) => ({ id, shortDescription: { text: `Netmon document rule ${id}` } })),
          },
        },
        // Paths are relative to the directory the command ran in (the repository root in CI).
        originalUriBaseIds: { SRCROOT: { description: { text: 'The directory netmon validate ran in' } } },
        artifacts: report.files.map((file) => ({ location: { uri: uriOf(file), uriBaseId: 'SRCROOT' } })),
        results: report.findings.map(({ file, diagnostic }) => ({
          ruleId: diagnostic.code,
          ruleIndex: codes.indexOf(diagnostic.code),
          level: SARIF_LEVEL[diagnostic.severity],
          message: { text: diagnostic.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: uriOf(file), uriBaseId: 'SRCROOT', index: report.files.indexOf(file) },
                region: region(diagnostic),
              },
            },
          ],
        })),
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
}

/** A relative path as a URI reference: each segment percent-encoded, slashes kept. */
function uriOf(file: string): string {
  return file
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** One test case per document; its errors are its failure, warnings go to system-out. */
function junitXml(report: ValidateReport): string {
  const byFile = new Map(report.files.map((file) => [file, [] as Finding[]]));
  for (const finding of report.findings) byFile.get(finding.file)?.push(finding);
  const failing = [...byFile.values()].filter((findings) =>
    findings.some((f) => f.diagnostic.severity === 'error'),
  ).length;
  const cases = [...byFile.entries()].map(([file, findings]) => {
    const errors = findings.filter((f) => f.diagnostic.severity === 'error');
    const others = findings.filter((f) => f.diagnostic.severity !== 'error');
    const failure =
      errors.length === 0
        ? ''
        : `\n      <failure message="${xml(`${errors.length} error${errors.length === 1 ? '' : 's'}`)}" ` +
          `type="netmon-validate">${xml(errors.map(textLine).join('\n'))}</failure>`;
    const out = others.length === 0 ? '' : `\n      <system-out>${xml(others.map(textLine).join('\n'))}</system-out>`;
    return (
      `    <testcase classname="netmon.validate" name="${xml(file)}" file="${xml(file)}">${failure}${out}` +
      `${failure || out ? '\n    ' : ''}</testcase>`
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="netmon validate" tests="${report.files.length}" failures="${failing}" errors="0">`,
    `  <testsuite name="netmon validate" tests="${report.files.length}" failures="${failing}" errors="0" skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
  ].join('\n');
}

/** Text and attribute content (see ciXml: exact for a parser, inert in a CI log). */
function xml(text: string): string {
  return ciXml(text);
}
