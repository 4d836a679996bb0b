import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = {
  'no-restricted-imports': ['error', {
    paths: [{ name: 'vscode', message: 'Pure layers never import vscode (see ARCHITECTURE.md).', allowTypeImports: true }],
  }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.vscode-test/**', 'out/**', '**/*.js', '**/*.mjs', 'test/**/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/api/**', 'src/emulator/**', 'src/documents/**', 'src/analysis/**', 'webview/**'], rules: noVscode },
);
