// The corpus of real HARs (test/fixtures/har-corpus: PerfCascade's, HAR Viewer's and PageXray's
// test data, from Chrome, Firefox, WebPageTest, browsertime, chrome-har, capture-har, Firebug,
// Fiddler and IE 11) and the hand-written expectation of each page: read once per test file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWaterfall, readHar, type HarDocument } from '../../../../src/analysis/har';
import { readHarFile } from '../../../../src/workflows/har-file';
import type { RuleId } from '../../../../src/analysis/har/insight-rules';

export const CORPUS = join(__dirname, '..', '..', '..', 'fixtures', 'har-corpus');

export interface CorpusFile {
  name: string;
  raw: unknown;
  doc: HarDocument;
}

/** Every HAR of the corpus (plain or gzip), in name order. */
export function corpusFiles(): CorpusFile[] {
  return readdirSync(CORPUS)
    .filter((name) => /\.har(\.gz)?$/.test(name))
    .sort()
    .map((name) => {
      const raw = readHarFile(join(CORPUS, name));
      return { name, raw, doc: readHar(raw) };
    });
}

export function corpusFile(name: string): CorpusFile {
  const raw = readHarFile(join(CORPUS, name));
  return { name, raw, doc: readHar(raw) };
}

export const waterfallOf = (file: CorpusFile, page: string) => buildWaterfall(file.doc, page);

/** A finding that must (or must not) be there; `summaryIncludes` and `names` narrow which. */
export interface FindingClaim {
  rule: RuleId;
  summaryIncludes?: string;
  /** A request URL the finding names. */
  names?: string;
  why: string;
}

export interface PageExpectation {
  page: string;
  /** The redirects that led to the page's document, then the document. */
  navigation: string[];
  navigationWhy: string;
  /** Where the document is drawn, ms from the page start (rounded). */
  documentMs?: [number, number];
  documentWhy?: string;
  criticalPath?: { startsWith: string[]; notEndingAt?: string; judged?: string[]; why: string };
  mustFind?: FindingClaim[];
  mustNotFind?: FindingClaim[];
  /** Known wrong answers outside this work: reported as to-do, not failed. */
  todo?: (FindingClaim & { kind: 'mustFind' | 'mustNotFind' })[];
}

export interface FileExpectation {
  har: string;
  exporter: string;
  pages: PageExpectation[];
}

export function expectations(): { file: string; expect: FileExpectation }[] {
  return readdirSync(CORPUS)
    .filter((name) => name.endsWith('.expect.json'))
    .sort()
    .map((file) => ({ file, expect: JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as FileExpectation }));
}
