import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** Folders directly under `dir` (features of the web app, modules of the server). */
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const web = './apps/web/src';
const server = './apps/server/src';
const webFeatures = folders(`${web}/features`);
const serverModules = folders(`${server}/modules`);
const webShared = ['components', 'lib', 'hooks', 'entities'].map((layer) => `${web}/${layer}`);

/**
 * Architecture boundaries (STYLE.md): web `app → features → (components, lib, hooks, entities)`,
 * no feature reaching into another; server `routes → service → repository`, no route touching the
 * database, no module reading another module's repository. One zone per feature and module.
 */
const boundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move the shared piece to components/, lib/, hooks/ or entities/.',
  })),
  ...webShared.flatMap((target) => [
    { target, from: `${web}/features`, message: 'Shared layers never import a feature.' },
    { target, from: `${web}/app`, message: 'Shared layers never import the app layer.' },
  ]),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features never import the app layer.' },
  {
    target: ['./apps/web/src', './apps/admin/src'],
    from: './apps/server',
    message: 'Front ends talk to the server through the API, never its code.',
  },
  { target: './packages/shared/src', from: './apps', message: '@mm/shared depends on no app.' },
  // Layer order of the shared folders: an entity (domain data and its small UI) may use generic components,
  // never the reverse; lib is the bottom and imports neither.
  {
    target: `${web}/components`,
    from: `${web}/entities`,
    message: 'Generic components never import an entity: move the piece to entities/ or pass it in as a prop.',
  },
  {
    target: `${web}/lib`,
    from: [`${web}/components`, `${web}/entities`],
    message: 'lib/ is the bottom layer: it imports neither components/ nor entities/.',
  },
  ...serverModules.map((module) => ({
    target: `${server}/modules/${module}`,
    from: `${server}/modules/!(${module})/**/!(*.service).{ts,mts,mjs}`,
    message: 'A module uses another module only through its *.service.ts: call (or add) a service function.',
  })),
  {
    target: `${server}/modules/*/*.routes.ts`,
    from: `${server}/modules/*/*.{repository,queries}.ts`,
    message: 'Routes call services, never repositories.',
  },
];

const sqlMessage = 'SQL lives in *.repository.ts or *.queries.ts files: call a repository function from here.';

/** The product's TypeScript: what runs in the server, the browser and the service worker. */
const productCode = [
  'apps/*/src/**/*.{ts,tsx}',
  'apps/*/build/**/*.ts',
  'apps/web/pwa/**/*.ts',
  'packages/*/src/**/*.ts',
];

/** Unit, integration and end-to-end tests. */
const testCode = ['**/*.test.{ts,tsx}', 'apps/*/test/**/*.ts', 'e2e/**/*.ts'];

/** JSX attributes a person reads or hears (lint rule on literal strings). */
const visibleAttributes =
  '/^(aria-label|aria-description|aria-valuetext|aria-roledescription|title|alt|placeholder|label|helperText)$/';

/** react-admin's props that show text, and what a translation key looks like there. */
const adminVisibleAttributes =
  '/^(aria-label|title|alt|placeholder|label|helperText|emptyText|confirmTitle|confirmContent)$/';
const adminKey = '/^(ra|mm|resources)\\.[\\w.]+$/';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'shots/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      // Generated from the OpenAPI document by openapi-typescript (`npm run openapi -- --write`).
      'apps/web/src/lib/api-schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The product's code and its tests are linted with type information (typescript-eslint's
    // type-checked preset).
    files: [...productCode, ...testCode],
    extends: [tseslint.configs.recommendedTypeChecked],
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A promise-returning handler in a JSX attribute (react-hook-form's handleSubmit) is the
      // documented pattern; promises passed where a void callback is expected elsewhere stay errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Globals per runtime, as the tsconfig of each project types them (CONTRIBUTING "Type checking"): the
  // browser's in the front ends, Node's in the server and the tools, none but the language's in @mm/shared.
  {
    files: ['apps/{web,admin}/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/{web,admin}/src/**/*.test.{ts,tsx}', 'apps/web/src/mocks/component-test.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: [
      'apps/server/**/*.ts',
      'apps/{web,admin}/*.ts',
      'apps/web/{build,pwa}/**/*.ts',
      'packages/shared/test/**/*.ts',
      'e2e/**/*.ts',
      '*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Fastify plugins, routes and hooks are async by contract (Fastify's own documented style): one
    // without an await is how a synchronous plugin is written, not a forgotten await.
    files: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Accessibility of the JSX both front ends write: the plugin's recommended rules.
    files: ['apps/{web,admin}/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A dialog's least destructive button takes focus (WAI-ARIA dialog pattern, MUI's own examples):
      // autoFocus is refused on DOM elements, allowed on components such as MUI's Button.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Every UI string comes from the locale files (packages/shared/locales), never from JSX.
    // Text with a letter in any script is refused; digits, punctuation and symbols (·, →, ×) may stay.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/mocks/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // The product's name may stay literal where it must show before translations load (loading screen).
        {
          selector: 'JSXText[value=/^(?!\\s*Mission Monarch\\s*$)[\\s\\S]*\\p{L}/u]',
          message: 'Literal text in JSX: put it in the locale files (en, fr, es) and use t().',
        },
        {
          selector: 'JSXExpressionContainer > Literal[value=/\\p{L}/u]',
          message: 'Literal string in JSX: put it in the locale files (en, fr, es) and use t().',
        },
        // Template strings are checked where they are shown (children, visible attributes), not in hrefs or keys.
        {
          selector:
            ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/\\p{L}/u]',
          message: 'Literal text in a JSX template string: put it in the locale files (en, fr, es) and use t().',
        },
        {
          selector: `JSXAttribute[name.name=${visibleAttributes}] > Literal[value=/\\p{L}/u]`,
          message: 'User-visible attribute with a literal string: put it in the locale files (en, fr, es) and use t().',
        },
        {
          selector: `JSXAttribute[name.name=${visibleAttributes}] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/\\p{L}/u]`,
          message:
            'User-visible attribute with literal text in a template string: put it in the locale files (en, fr, es) and use t().',
        },
      ],
    },
  },
  {
    // The admin panel passes translation keys (ra.*, mm.*, resources.*) where react-admin translates them; any other text is a literal.
    files: ['apps/admin/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/\\p{L}/u]',
          message: 'Literal text in JSX: put it in packages/shared/locales/*/admin.json and use translate().',
        },
        {
          selector: `JSXExpressionContainer > Literal[value=/\\p{L}/u][value!=${adminKey}]`,
          message: 'Literal string in JSX: use a translation key (admin.json).',
        },
        {
          selector: `JSXAttribute[name.name=${adminVisibleAttributes}] > Literal[value=/\\p{L}/u][value!=${adminKey}]`,
          message: 'User-visible attribute with a literal string: use a translation key (admin.json).',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,mts,cts}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The layers, enforced.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle follows imports by parsing each imported file: TypeScript needs TypeScript's parser there.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // A cycle makes the evaluation order decide which binding is still undefined, and hides a missing layer.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // SQL only in repositories. Elsewhere in a server module, no query builder, no `sql`,
    // no tables and no database handle used for queries (types may still be imported).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.{repository,queries}.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: sqlMessage, allowTypeImports: true }],
          patterns: [
            { group: ['drizzle-orm/*'], message: sqlMessage, allowTypeImports: true },
            { group: ['**/db/schema', '**/db/client'], message: sqlMessage, allowTypeImports: true },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(db|tx)$/][callee.property.name=/^(execute|select|selectDistinct|insert|update|delete|query|\\$count)$/]',
          message: sqlMessage,
        },
      ],
    },
  },
  // Formatting belongs to Prettier (npm run format); this turns off the style rules it would fight.
  prettier,
);
