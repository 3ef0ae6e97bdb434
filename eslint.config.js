// @ts-check
// `npm run lint`: typescript-eslint, react-hooks and the architecture's import rules
// (ARCHITECTURE.md, docs/decisions/012-lint-and-boundaries.md). Zero warnings allowed.
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import architecture from './tools/eslint-plugin-architecture/index.js';
import globals from 'globals';

const APPS_ARE_NOT_LIBRARIES = {
  group: ['@bg/api', '@bg/api/*', '@bg/web', '@bg/web/*'],
  message: 'Apps are not libraries: share through @bg/domain.',
};

const API = 'apps/api/src';
const WEB_FEATURES = 'apps/web/src/features';

const webFeatures = readdirSync(WEB_FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The architecture's import rules, as `architecture/no-restricted-paths` zones (paths resolved). */
const ZONES = {
  domain: {
    target: 'packages/domain',
    from: 'apps',
    message: 'The domain imports nothing of ours (ARCHITECTURE.md).',
  },
  webApi: {
    target: 'apps/web',
    from: 'apps/api',
    message: 'apps/web never imports apps/api: share through @bg/domain (contracts).',
  },
  routesDb: {
    target: `${API}/routes`,
    from: `${API}/db`,
    message: 'routes/ are thin: call a use-case in modules/, which owns the queries.',
  },
  dbModules: {
    target: `${API}/db`,
    from: `${API}/modules`,
    message: 'db/ imports no use-case (decision 012): seeds that call use-cases live outside db/.',
  },
  modulesHttp: {
    target: `${API}/modules`,
    from: `${API}/http`,
    message: 'modules/ never import http/ (decision 008): shared code goes to shared/.',
  },
  sharedLayers: {
    target: `${API}/shared`,
    from: [`${API}/http`, `${API}/modules`],
    message: 'shared/ imports neither http/ nor modules/ (decision 008).',
  },
  modulesCatalogue: {
    target: `${API}/modules`,
    from: [`${API}/jobs/catalogue.ts`, `${API}/app.ts`],
    message: 'modules/ declare job kinds and receive services; the catalogue and buildApp import them, never the reverse (decision 101).',
  },
};

const featureZones = webFeatures.map((feature) => ({
  target: `${WEB_FEATURES}/${feature}`,
  from: WEB_FEATURES,
  except: [`./${feature}`],
  message: 'No imports across web features: move what both need to components/ or lib/.',
}));

/** @param {string[]} without zone names not applied */
function restrictedPaths(without = []) {
  const zones = Object.entries(ZONES)
    .filter(([name]) => !without.includes(name))
    .map(([, zone]) => zone);
  return ['error', { zones: [...zones, ...featureZones] }];
}

/**
 * Casts that silence the compiler. A raw SQL result (`db.execute`) is already `unknown`: one
 * `as { rows: Row[] }` states its shape. The few justified exceptions carry an
 * `eslint-disable-next-line no-restricted-syntax -- why` (listed in decision 012).
 */
const BAN_CASTS = [
  {
    selector: 'TSAsExpression > TSNeverKeyword.typeAnnotation',
    message: '`as never` hides a type error: type the value instead.',
  },
  {
    selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
    message: '`as unknown as` hides a type error: type the value (a raw SQL result is `unknown`: one `as { rows: Row[] }`).',
  },
];

/**
 * Level checks name the level (`NIVEL.ADMINISTRADOR`, `@bg/domain`), never a `'2'` literal
 * (issue 10): `x.nivel === '2'`, `'3' !== user?.nivel` and the like are refused.
 */
const NIVEL_MESSAGE = "Compare levels with the domain's NIVEL constants (NIVEL.ADMINISTRADOR…), not a string literal.";
const COMPARISON = "BinaryExpression[operator=/^[!=]==?$/]";
const STRING = "/^['\"`]/";
const BAN_NIVEL_LITERALS = [
  ['left', 'right'],
  ['right', 'left'],
].flatMap(([member, literal]) => [
  { selector: `${COMPARISON}[${member}.property.name='nivel'][${literal}.raw=${STRING}]`, message: NIVEL_MESSAGE },
  { selector: `${COMPARISON}[${member}.expression.property.name='nivel'][${literal}.raw=${STRING}]`, message: NIVEL_MESSAGE },
]);

/** Use-cases know nothing of the web framework: uploads reach them as streams (decision 101). */
const NO_FRAMEWORK_IN_MODULES = 'modules/ import no fastify: take plain data (a MultipartUpload for files); http/ adapts the request (decision 101).';

/** loadConfig (apps/api/src/config.ts) is the one reader of the environment (decision 101). */
const NO_ENV_OUTSIDE_CONFIG = {
  object: 'process',
  property: 'env',
  message: 'Read configuration through loadConfig (apps/api/src/config.ts): add the variable to config-schema.ts (decision 101).',
};

const BAN_SQL_IN_ROUTES = {
  selector: "TaggedTemplateExpression[tag.name='sql']",
  message: 'No SQL in routes/: the query belongs to a use-case in modules/.',
};

/**
 * The web's query keys come from its features' key factories (`features/x/api`, decision 102) and
 * lib/lookups.ts: a literal key written in a page or a component is refused, so two screens cannot
 * drift apart on the spelling of one key (and an invalidation cannot silently miss its query).
 */
const QUERY_KEY_MESSAGE = "Query keys come from the feature's key factory (features/x/api, e.g. empresaKeys.all) or lib/lookups.ts, never a literal (decision 102).";
const BAN_LITERAL_QUERY_KEYS = [
  // useQuery({ queryKey: [...] }), invalidateQueries({ queryKey: [...] }), queryOptions({ queryKey: [...] })
  { selector: "Property[key.name='queryKey'] > ArrayExpression.value", message: QUERY_KEY_MESSAGE },
  // useSubmit(action, { invalidate: [['x', id]] }), `const invalidate = [['x', id]]`, `const QUERY_KEY = ['x']`
  { selector: "Property[key.name='invalidate'] > ArrayExpression.value > ArrayExpression", message: QUERY_KEY_MESSAGE },
  { selector: "VariableDeclarator[id.name=/^invalidate$|Keys$|KEYS$/] > ArrayExpression.init > ArrayExpression", message: QUERY_KEY_MESSAGE },
  { selector: "VariableDeclarator[id.name=/Key$|KEY$/] > ArrayExpression.init", message: QUERY_KEY_MESSAGE },
  // usePagedList({ key: 'x' | `x-${id}` | ['x'] })
  {
    selector: "CallExpression[callee.name='usePagedList'] > ObjectExpression > Property[key.name='key'] > :matches(Literal, TemplateLiteral, ArrayExpression).value",
    message: QUERY_KEY_MESSAGE,
  },
  // queryClient.setQueryData(['x'], …) and the other calls that take the key first
  {
    selector: "CallExpression[callee.property.name=/^(get|set)QueriesData$|^(get|set|ensure)QueryData$|^getQueryState$/] > ArrayExpression:first-child",
    message: QUERY_KEY_MESSAGE,
  },
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.d.ts',
      '**/.tmp/**',
      '**/.tmp-*/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { architecture },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', ...BAN_CASTS, ...BAN_NIVEL_LITERALS],
      'no-restricted-imports': ['error', { patterns: [APPS_ARE_NOT_LIBRARIES] }],
      'architecture/no-restricted-paths': restrictedPaths(),
      // an import the resolver cannot follow would pass the boundary rule unseen
      'architecture/no-unresolved': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    // pages, components and the app shell take their keys from features/x/api and lib/
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**', 'apps/web/src/lib/**'],
    rules: { 'no-restricted-syntax': ['error', ...BAN_CASTS, ...BAN_NIVEL_LITERALS, ...BAN_LITERAL_QUERY_KEYS] },
  },
  {
    files: [`${API}/**`],
    ignores: [`${API}/config.ts`],
    rules: { 'no-restricted-properties': ['error', NO_ENV_OUTSIDE_CONFIG] },
  },
  {
    files: [`${API}/modules/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: NO_FRAMEWORK_IN_MODULES }],
          patterns: [{ group: ['fastify/*', '@fastify/*'], message: NO_FRAMEWORK_IN_MODULES }, APPS_ARE_NOT_LIBRARIES],
        },
      ],
    },
  },
  {
    files: [`${API}/routes/**`],
    rules: {
      'no-restricted-syntax': ['error', ...BAN_CASTS, ...BAN_NIVEL_LITERALS, BAN_SQL_IN_ROUTES],
      'no-restricted-imports': [
        'error',
        {
          // neither `sql` nor the query builder's operators: the query belongs to a use-case
          paths: [{ name: 'drizzle-orm', message: BAN_SQL_IN_ROUTES.message }],
          patterns: [
            { group: ['drizzle-orm/*'], message: BAN_SQL_IN_ROUTES.message },
            APPS_ARE_NOT_LIBRARIES,
          ],
        },
      ],
    },
  },
);
