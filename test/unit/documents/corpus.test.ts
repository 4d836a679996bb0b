import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'jsonc-parser';
import { DOCUMENT_SCHEMAS, documentKindOf, validateDocuments, type DocumentKind } from '../../../src/documents';
import { ENTERPRISE_TEST_TYPES, ENDPOINT_TEST_TYPES, FILTER_TARGETS } from '../../../src/api/types';

const VALID = 'test/fixtures/documents/valid';
const files = readdirSync(VALID)
  .sort()
  .map((name) => ({ uri: join(VALID, name), text: readFileSync(join(VALID, name), 'utf8') }));

function typesOf(kind: DocumentKind, field: string): string[] {
  return files
    .filter((f) => documentKindOf(f.uri) === kind)
    .map((f) => String((parse(f.text) as Record<string, unknown>)[field]))
    .sort();
}

describe('corpus of valid documents', () => {
  test('covers every test type, both instant types and all four filter targets', () => {
    assert.deepEqual(typesOf('test', 'type'), [...ENTERPRISE_TEST_TYPES].sort());
    assert.deepEqual(typesOf('instant', 'type'), [...ENDPOINT_TEST_TYPES].sort());
    assert.deepEqual(typesOf('filter', 'target'), [...FILTER_TARGETS].sort());
  });

  test('every valid document validates clean, together (no duplicate names either)', () => {
    const results = validateDocuments(files);
    assert.equal(results.size, files.length);
    for (const [uri, diagnostics] of results) assert.deepEqual(diagnostics, [], uri);
  });
});

describe('schemas', () => {
  test('are valid draft-07 schemas whose own examples validate', () => {
    const ajv = new Ajv({ strict: false });
    for (const [kind, schema] of Object.entries(DOCUMENT_SCHEMAS)) {
      assert.equal((schema as { $schema?: string }).$schema, 'http://json-schema.org/draft-07/schema#', kind);
      const validate = ajv.compile(schema);
      for (const example of (schema as { examples?: unknown[] }).examples ?? [])
        assert.ok(validate(example), `${kind}: ${JSON.stringify(validate.errors)}`);
    }
  });

  test('are contributed to VS Code for the six file suffixes', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      contributes?: { jsonValidation?: { fileMatch: string; url: string }[] };
    };
    const entries = (manifest.contributes?.jsonValidation ?? []).map((e) => `${e.fileMatch} ${e.url}`).sort();
    assert.deepEqual(entries, [
      '*.netmon-alert-rule.json ./schemas/netmon-alert-rule.schema.json',
      '*.netmon-alert-suppression-window.json ./schemas/netmon-alert-suppression-window.schema.json',
      '*.netmon-endpoint-test.json ./schemas/netmon-endpoint-test.schema.json',
      '*.netmon-filter.json ./schemas/netmon-filter.schema.json',
      '*.netmon-instant.json ./schemas/netmon-instant.schema.json',
      '*.netmon-test.json ./schemas/netmon-test.schema.json',
    ]);
  });
});
