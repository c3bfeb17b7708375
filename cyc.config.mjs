import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
export default [
  { ignores: ['dist/**','node_modules/**','src/server/db/migrations/**'] },
  { files: ['src/**/*.{ts,tsx}','test/**/*.ts'], languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts','.tsx','.js','.mjs'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] } },
];
