// Which kind of document a file is, from its name: the same suffixes that
// contributes.jsonValidation uses to attach the schemas in VS Code.
export const DOCUMENT_KINDS = ['test', 'instant', 'filter', 'endpoint-test'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_SUFFIXES: Readonly<Record<DocumentKind, string>> = {
  test: '.netmon-test.json',
  instant: '.netmon-instant.json',
  filter: '.netmon-filter.json',
  'endpoint-test': '.netmon-endpoint-test.json',
};

export function documentKindOf(fileName: string): DocumentKind | undefined {
  const lower = fileName.toLowerCase();
  return DOCUMENT_KINDS.find((kind) => lower.endsWith(DOCUMENT_SUFFIXES[kind]));
}
