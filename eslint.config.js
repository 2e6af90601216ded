// One lint configuration for every workspace. The import rules encode the architecture
// (docs/decisions/003-guardrails.md): what may import what is checked here, not remembered.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const OUR_PACKAGES = ['contract', 'fixtures', 'platform', 'db', 'testing', 'server', 'gateway', 'web', 'e2e'];
const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** Imports of our packages other than `allowed` are refused in a workspace. */
function onlyOurPackages(allowed, why) {
  const refused = OUR_PACKAGES.filter((p) => !allowed.includes(p));
  return {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: refused.flatMap((p) => [`@pp/${p}`, `@pp/${p}/*`]), message: why }] },
    ],
  };
}

/**
 * The contract's `api` map names every endpoint, so one use of it puts every endpoint's schemas in
 * the page's JavaScript (27 KB compressed on each signed-in page); a page imports the areas it calls.
 */
const wholeApiMap = {
  group: ['@pp/contract'],
  importNames: ['api'],
  message: 'Import the endpoint areas the page calls (partnerEndpoints, …): `api` brings every schema of the contract.',
};

/** What the web app's own (non-test) sources may not import: our other packages, and `api`. */
const webSourcePatterns = [
  ...onlyOurPackages(['contract'], 'The web app imports the contract, nothing else of ours.')['no-restricted-imports'][1]
    .patterns,
  wholeApiMap,
];

/** One name for an endpoint area everywhere: `api.workflow.approve`, not `w.approve` three screens down. */
const noOneLetterApiAlias = {
  selector: "VariableDeclarator[id.name=/^[a-z]$/][init.type='MemberExpression'][init.object.name='api']",
  message: 'Write api.<area>.<endpoint> in full: a one-letter alias hides which area a call is in.',
};

/** What a server keeps in memory is made in one seam (server/src/lib/kept.ts), which owns its rules. */
const noStrayFeedCache = {
  selector: "NewExpression[callee.name='FeedCache']",
  message: 'Keep answers through lib/kept.ts (keptRoute, keptAnswers, keptValues): it owns the cache rules.',
};

/**
 * The production web build strips every endpoint's schemas from the contract (web/src/boot/build/lean-contract.ts,
 * decision 010): code reading one type-checks and works in dev and tests, and gets undefined in
 * production. A page checks a form with the contract's schema by its own export name instead.
 */
const SCHEMA_FIELD = '/^(body|query|params|headers|response)$/';
const noEndpointSchemaRead = [
  {
    selector: `MemberExpression[property.name=${SCHEMA_FIELD}][object.type='MemberExpression'][object.object.name=/(^api|Endpoints)$/]`,
    message: "The production build strips an endpoint's schemas (decision 010): import the schema by its name.",
  },
  {
    selector: `MemberExpression[property.name=${SCHEMA_FIELD}][object.object.object.name='api']`,
    message: "The production build strips an endpoint's schemas (decision 010): import the schema by its name.",
  },
  {
    selector: `VariableDeclarator[init.object.name=/(^api|Endpoints)$/] > ObjectPattern > Property[key.name=${SCHEMA_FIELD}]`,
    message: "The production build strips an endpoint's schemas (decision 010): import the schema by its name.",
  },
];

/**
 * web/src's floors, top first: a folder imports only those below it (docs/decisions/003). Beside the
 * zones above (shared code does not import features or the app), this keeps the shared folders in
 * their order too, so no import runs back up a floor.
 */
const WEB_FLOORS = [
  ['boot'],
  ['app'],
  ['features'],
  ['review'],
  ['forms'],
  ['components'],
  ['api'],
  ['session'],
  ['lib', 'routing'],
  ['i18n'],
];
function webLayersGoDown() {
  return WEB_FLOORS.slice(1).map((floor, index) => ({
    target: floor.map((folder) => `web/src/${folder}`),
    from: WEB_FLOORS.slice(0, index + 1)
      .flat()
      .map((folder) => `web/src/${folder}`),
    message: `web/src/${floor.join(', ')} may import only the floors below it (${WEB_FLOORS.slice(index + 2)
      .flat()
      .join(', ')}): see the floors in eslint.config.js.`,
  }));
}

/** A feature folder may not import another feature's files: shared things move to a shared place. */
function featuresStayApart(base) {
  return subfolders(base).map((feature) => ({
    target: `${base}/${feature}`,
    from: base,
    except: [`./${feature}`],
    message: 'Features do not reach into each other; move what both need to a shared place.',
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'prisma/src/generated/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json', 'tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-relative-packages': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify handlers and React event props take async functions by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      eqeqeq: ['error', 'always'],
      // Fastify plugins and route registrars are async functions by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      // Typings of untyped dependencies are ambient modules, brought in by path where they are used.
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always' }],
      'no-restricted-syntax': ['error', noOneLetterApiAlias],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/lib/kept.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', noOneLetterApiAlias, noStrayFeedCache] },
  },
  {
    // The features' routes share one plugin context (server/src/app.ts, for speed): a hook added by
    // one would run on every route of every feature.
    files: ['server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/features/devtools/controls.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noOneLetterApiAlias,
        noStrayFeedCache,
        {
          selector: "CallExpression[callee.property.name='addHook']",
          message:
            "Features share one plugin context: a hook here runs on every route. Register the feature in a scope of its own (app.ts, as the mailbox's and devtools' are) or make it a plugin.",
        },
      ],
    },
  },
  {
    // Services log through their logger; the stack scripts and test set-up talk to a terminal.
    files: ['contract/**', 'server/src/**', 'gateway/src/**', 'web/src/**'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  {
    // vitest's asymmetric matchers (expect.any, objectContaining) are typed any by design.
    files: ['**/*.test.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // Workspace boundaries: the contract is imported by all and imports nothing of ours; web,
  // server and gateway never import each other.
  { files: ['contract/**'], rules: onlyOurPackages([], 'contract/ imports nothing of ours: every side imports it.') },
  { files: ['fixtures/**'], rules: onlyOurPackages(['contract'], 'fixtures/ is reference data over the contract only.') },
  {
    files: ['platform/**'],
    rules: onlyOurPackages(['contract'], 'platform/ is what the server and the gateway share; it knows neither.'),
  },
  {
    files: ['prisma/src/**'],
    ignores: ['**/*.test.ts'],
    rules: onlyOurPackages(['contract', 'fixtures'], 'The database layer serves the server; it does not use it.'),
  },
  {
    files: ['web/**'],
    rules: onlyOurPackages(
      ['contract'],
      'The web app talks to the server over HTTP only; it imports the contract, nothing else of ours.',
    ),
  },
  {
    files: ['web/src/**/*.ts'],
    ignores: ['web/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: webSourcePatterns,
        },
      ],
    },
  },
  {
    // Components reach the API through their feature's queries and mutations (api.ts), never directly.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webSourcePatterns,
            {
              group: ['**/api/client.ts', './client.ts'],
              importNames: ['call', 'callData', 'http'],
              message: "A component calls the API through its feature's api.ts (a query or a mutation), not directly.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    ignores: ['**/*.test.ts', 'server/src/test/**'],
    rules: onlyOurPackages(['contract', 'fixtures', 'platform', 'db'], 'The server does not import the gateway or the web app.'),
  },
  {
    files: ['gateway/**'],
    ignores: ['**/*.test.ts', 'gateway/src/test/**'],
    rules: onlyOurPackages(
      ['contract', 'fixtures', 'platform'],
      'The gateway reaches the server over HTTP (through the contract), never by import.',
    ),
  },

  // Inside a workspace: shared code does not import features or the app shell, and features stay apart.
  {
    files: ['web/src/**', 'server/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featuresStayApart('web/src/features'),
            ...featuresStayApart('server/src/features'),
            {
              target: [
                'web/src/review',
                'web/src/components',
                'web/src/forms',
                'web/src/lib',
                'web/src/api',
                'web/src/session',
                'web/src/i18n',
                'web/src/routing',
              ],
              from: ['web/src/features', 'web/src/app'],
              message: 'Shared code does not import features or the app shell (imports flow shared → features → app).',
            },
            { target: 'web/src/features', from: 'web/src/app', message: 'Features do not import the app shell.' },
            ...webLayersGoDown(),
            {
              target: ['server/src/lib', 'server/src/plugins'],
              from: 'server/src/features',
              message: 'Server plugins and lib are shared by every feature and import none of them.',
            },
          ],
        },
      ],
    },
  },

  // The web app.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    plugins: { i18next },
    rules: {
      // A scrollable box must be reachable by keyboard (axe: scrollable-region-focusable); it is a
      // labelled region, not a control.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
      // Every visible text goes through i18next: JSX text and the attributes people read or hear.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'placeholder', 'title', 'alt', 'label', 'hint'] },
        },
      ],
      // Addresses inside the app come from the route table (href) and the contract, never literals.
      'no-restricted-syntax': [
        'error',
        noOneLetterApiAlias,
        ...noEndpointSchemaRead,
        {
          selector: 'Literal[value=/^\\/PartnerMgmtApp/]',
          message: 'Use WEB_BASE_PATH or absoluteHref() from routing/routes.ts.',
        },
        {
          selector: 'JSXAttribute[name.name=/^(to|href)$/] > Literal[value=/^\\//]',
          message: "Use href('routeKey') from routing/routes.ts for links inside the app.",
        },
        {
          selector: 'CallExpression[callee.name=/^(navigate|navigateTo|logout|leaveApp)$/] > Literal[value=/^\\//]',
          message: "Use href('routeKey') from routing/routes.ts for redirects inside the app.",
        },
      ],
    },
  },
  {
    // Journeys open pages by the route table's names (the contract's webUrl), so a moved page moves them too.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noOneLetterApiAlias,
        {
          selector: 'Literal[value=/\\/PartnerMgmtApp/], TemplateElement[value.raw=/\\/PartnerMgmtApp/]',
          message: "Use webUrl('routeKey') or pageUrl('routeKey') for the web app's addresses.",
        },
      ],
    },
  },
  {
    // The web build's own code (Vite plugins, the prerender) runs in Node at build time, not in a page.
    files: ['web/src/boot/build/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-syntax': ['error', noOneLetterApiAlias] },
  },
  {
    files: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    rules: { 'i18next/no-literal-string': 'off', 'no-restricted-syntax': 'off' },
  },

  prettier,
  // The image build's manifest step is plain JavaScript (it runs before anything that runs
  // TypeScript is installed): no type information to lint it with.
  { files: ['containers/**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
