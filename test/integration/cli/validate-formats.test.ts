// `netmon validate --format sarif|junit|json` through the real entry point: SARIF that the
// OASIS SARIF 2.1.0 schema accepts, with regions that point at exactly the offending text;
// JUnit XML that parses, one test case per document, failing where there are errors.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { netmon } from './run-netmon';

const REPO = join(__dirname, '..', '..', '..');
const INVALID = 'test/fixtures/documents/invalid';
const DOCUMENTS = [
  `${INVALID}/duplicate.netmon-test.json`,
  `${INVALID}/sessions.netmon-filter.json`,
  `${INVALID}/wrong-target.netmon-test.json`,
  'test/fixtures/documents/valid/portal.netmon-test.json',
];

interface SarifRegion {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}
interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: SarifRegion } }[];
}

/** The text a SARIF region covers (1-based lines, UTF-16 columns, end column exclusive). */
function regionText(file: string, region: SarifRegion): string {
  const lines = readFileSync(join(REPO, file), 'utf8').split(/\r?\n/);
  if (region.startLine === region.endLine)
    return lines[region.startLine - 1]!.slice(region.startColumn - 1, region.endColumn - 1);
  const middle = lines.slice(region.startLine, region.endLine - 1);
  return [
    lines[region.startLine - 1]!.slice(region.startColumn - 1),
    ...middle,
    lines[region.endLine - 1]!.slice(0, region.endColumn - 1),
  ].join('\n');
}

describe('netmon validate report formats', () => {
  test('SARIF 2.1.0: valid against the schema, one result per problem, regions on the offending text', async () => {
    const { code, stdout } = await netmon(['validate', '--format', 'sarif', ...DOCUMENTS]);
    assert.equal(code, 1);
    const log = JSON.parse(stdout) as { version: string; runs: { results: SarifResult[]; artifacts: unknown[] }[] };
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const schema = JSON.parse(
      readFileSync(join(REPO, 'test', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8'),
    ) as object;
    const validate = ajv.compile(schema);
    assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5), null, 2));
    const [run] = log.runs;
    assert.equal(run?.artifacts.length, DOCUMENTS.length, 'clean documents are listed too');
    assert.equal(run?.results.length, 8);
    const at = (ruleId: string, uriEnd: string): string => {
      const result = run!.results.find(
        (r) => r.ruleId === ruleId && r.locations[0]!.physicalLocation.artifactLocation.uri.endsWith(uriEnd),
      );
      assert.ok(result, `${ruleId} in ${uriEnd}`);
      const { artifactLocation, region } = result.locations[0]!.physicalLocation;
      return regionText(artifactLocation.uri, region);
    };
    assert.equal(at('test/interval', 'wrong-target.netmon-test.json'), '90');
    assert.equal(at('filter/value-not-allowed', 'sessions.netmon-filter.json'), '"wireless"');
    assert.equal(at('workspace/duplicate-test-name', 'duplicate.netmon-test.json'), '"Shop"');
  });

  test('JUnit XML parses: a test case per document, failures where errors are', async () => {
    const { code, stdout } = await netmon(['validate', '--format', 'junit', ...DOCUMENTS]);
    assert.equal(code, 1);
    assert.equal(XMLValidator.validate(stdout), true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(stdout) as {
      testsuites: {
        testsuite: { tests: string; failures: string; testcase: { name: string; failure?: { '#text': string } }[] };
      };
    };
    const suite = parsed.testsuites.testsuite;
    assert.equal(suite.tests, '4');
    assert.equal(suite.failures, '3');
    const portal = suite.testcase.find((c) => c.name.endsWith('portal.netmon-test.json'));
    assert.equal(portal?.failure, undefined);
    const wrong = suite.testcase.find((c) => c.name.endsWith('wrong-target.netmon-test.json'));
    assert.match(
      wrong?.failure?.['#text'] ?? '',
      /wrong-target\.netmon-test\.json:5:15 error "interval" must be one of/,
    );
  });

  test('JSON: the same problems with ranges; an unknown format is a usage error', async () => {
    const { code, stdout } = await netmon(['validate', '--format', 'json', ...DOCUMENTS]);
    assert.equal(code, 1);
    const report = JSON.parse(stdout) as {
      documents: number;
      problems: { file: string; startLine: number; startColumn: number; code: string }[];
    };
    assert.equal(report.documents, 4);
    assert.deepEqual(
      report.problems.find((p) => p.code === 'test/interval'),
      {
        file: `${INVALID}/wrong-target.netmon-test.json`,
        startLine: 5,
        startColumn: 15,
        endLine: 5,
        endColumn: 17,
        severity: 'error',
        code: 'test/interval',
        source: 'semantic',
        message: '"interval" must be one of 60, 120, 300, 600, 900, 1800, 3600 seconds: the service refuses 90',
      },
    );
    const wrong = await netmon(['validate', '--format', 'html', ...DOCUMENTS]);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /--format must be one of text, json, sarif, junit/);
  });
});
