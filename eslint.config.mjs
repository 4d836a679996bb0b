import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = {
  'no-restricted-imports': ['error', {
    paths: [{ name: 'vscode', message: 'Pure layers never import vscode (see ARCHITECTURE.md).', allowTypeImports: true }],
  }],
};

// Outside text (file names, document fields, API strings) must not become an action: VS Code
// renders `[label](command:…)` in notifications as a link that runs a command, and `$(icon)`
// in quick picks. Notifications, progress, quick picks, status messages and save dialogs go
// through src/vscode/ui/, which neutralises every text and keeps prompts answerable only
// by the user.
const SPEAK_THROUGH_UI = /^(showInformationMessage|showWarningMessage|showErrorMessage|showQuickPick|createQuickPick|withProgress|setStatusBarMessage|showSaveDialog)$/;
export const oneWayToSpeak = {
  'no-restricted-syntax': ['error', {
    selector: `MemberExpression[property.name=${SPEAK_THROUGH_UI}]`,
    message: 'Use src/vscode/ui/ (notify, quick-pick, prompts): outside text is neutralised there, and prompts cannot be skipped.',
  }],
};

// Every file the product writes goes through src/files/safe-write.ts (no link followed, written
// whole); src/files itself is node only, so the CLI and the extension can both import it.
const WRITE_CALLS = /^(writeFile|writeFileSync|createWriteStream|appendFile|appendFileSync|rename|renameSync|copyFile|copyFileSync)$/;
const writeThroughFiles = [
  { selector: `ImportDeclaration[source.value=/^(node:)?fs(\\u002Fpromises)?$/] > ImportSpecifier[imported.name=${WRITE_CALLS}]`, message: 'Write files with src/files/safe-write.ts (never through a symlink, always whole).' },
  { selector: 'MemberExpression[object.property.name="fs"][property.name="writeFile"]', message: 'Write files with src/files/safe-write.ts (never through a symlink, always whole), or src/vscode/files for other schemes.' },
];
// Every line the CLI prints goes through src/cli/io.ts's printLine (controls and CI runner commands neutralised).
const printThroughIo = {
  selector: 'CallExpression[callee.object.object.name="process"][callee.object.property.name=/^(stdout|stderr)$/][callee.property.name="write"]',
  message: 'Print through src/cli/io.ts (printLine / processIo): outside text must not steer the terminal or a CI runner.',
};
const nodeOnly = {
  'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!node:)', message: 'src/files imports node only (the CLI and the extension share it).' }] }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.vscode-test/**', 'out/**', '**/*.js', '**/*.mjs', 'test/**/fixtures/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/api/**', 'src/emulator/**', 'src/documents/**', 'src/analysis/**', 'webview/**'], rules: noVscode },
  { files: ['src/vscode/**'], ignores: ['src/vscode/ui/**'], rules: { 'no-restricted-syntax': ['error', ...oneWayToSpeak['no-restricted-syntax'].slice(1), ...writeThroughFiles] } },
  { files: ['src/vscode/ui/**'], rules: { 'no-restricted-syntax': ['error', ...writeThroughFiles] } },
  { files: ['src/cli/**'], rules: { 'no-restricted-syntax': ['error', ...writeThroughFiles, printThroughIo] } },
  // io.ts is the print path; har redact streams a HAR to stdout (data, not text).
  { files: ['src/cli/io.ts', 'src/cli/har-redact.ts'], rules: { 'no-restricted-syntax': ['error', ...writeThroughFiles] } },
  { files: ['src/files/**'], rules: nodeOnly },
  // The state kept between runs (the apply journal): shared by the CLI, the tools and the extension.
  { files: ['src/state/**'], rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!node:|\\.\\./(documents|files)/)', message: 'src/state imports node, src/documents and src/files only (the CLI, the tools and the extension share it).' }] }],
    'no-restricted-syntax': ['error', ...writeThroughFiles],
  } },
  // The tool catalogue stands beside the CLI, not on it: what both need is a use case in src/workflows.
  { files: ['src/tools/**'], rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./cli(/|$)', message: 'src/tools imports nothing of src/cli: move the use case to src/workflows (see ARCHITECTURE.md).' }] }],
  } },
  // The use cases beneath the three front doors: plain inputs, a result or a typed InputError;
  // no front door's code, and nothing that only a command line has (printing, argv, exit).
  { files: ['src/workflows/**'], rules: {
    'no-restricted-imports': ['error', {
      paths: [{ name: 'vscode', message: 'src/workflows never imports vscode: the extension, the CLI and the tools all stand on it.' }],
      patterns: [{ regex: '^\\.\\./(cli|tools|vscode)(/|$)', message: 'src/workflows imports the domain only, never a front door (src/cli, src/tools, src/vscode).' }],
    }],
    'no-restricted-syntax': ['error', ...writeThroughFiles,
      { selector: 'MemberExpression[object.name="process"][property.name=/^(argv|exit|stdout|stderr)$/]', message: 'A use case takes plain inputs and returns a result: argv, exit codes and printing belong to the front door.' },
      { selector: 'CallExpression[callee.object.name="console"]', message: 'A use case returns what happened; the front door says it.' },
    ],
  } },
  // The bundle cache: the extension's own storage, written with wx and renamed (not a user's file).
  { files: ['src/vscode/bundle-loader.ts'], rules: oneWayToSpeak },
);
