import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import { noCycleRule } from './scripts/eslint/no-cycle.js';

/**
 * Import boundaries (docs/decisions/0009-feature-folders-and-import-boundaries.md), as regular
 * expressions over the relative specifier, since every import in src/ and server/ is relative:
 * - the shared folders of src/ (components, hooks, session, sync, db, api, i18n, styles) never
 *   import a feature or the app: features and app/ build on them, not the other way round;
 * - a feature never imports app/ (app/ composes features) nor another feature's inner folders
 *   (components/, data/, commands/): only the files at the top of a feature folder are its public
 *   surface for other features;
 * - src/ never imports server/ and server/ never imports src/ (they share only domain/).
 * Test files may reach further where their subject needs it: a test beside a shared folder may
 * import a feature's commands (to build outbox entries and mirror state) and
 * src/app/offline-entities.ts (to declare every entity); a test in a feature may render inside
 * app/'s providers and place another feature's commands. Dynamic import() is checked by the
 * same patterns (local/no-restricted-dynamic-imports below, set together by restrictImports).
 */
const sharedFolders = '{components,hooks,session,sync,db,api,i18n,styles}';
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

const noServer = {
  regex: '^(\\.\\./)+server/',
  message: 'src/ never imports server/: share code through domain/.',
};
const noSrc = {
  regex: '^(\\.\\./)+src/',
  message: 'server/ never imports src/: share code through domain/.',
};
const noFeatureOrApp = {
  regex: '^(\\.\\./)+(features|app)/',
  message: 'Shared folders of src/ never import a feature or app/; pass it in from app/ instead.',
};
const noFeatureOrAppBesidesCommands = {
  regex: '^(\\.\\./)+(features/(?![^/]+/commands/)|app/(?!offline-entities\\.ts$))',
  message:
    "A test beside a shared folder may import only a feature's commands and app/offline-entities.ts.",
};
const noApp = {
  regex: '^(\\.\\./)+app/',
  message: 'A feature never imports app/: app/ composes the features.',
};

/** A server module's inner file: import its public.ts instead (docs/conventions.md). */
function throughPublicTs(regex) {
  return {
    regex,
    message:
      "Import a server module only through its public.ts (docs/conventions.md, 'Server modules and names').",
  };
}
/** A module's file other than public.ts, from server/ or scripts/: './modules/…', '../server/modules/…'. */
const moduleFromOutside = '^(\\./|(\\.\\./)+)(server/)?modules/[^/]+/(?!public\\.ts$)';

/** Another feature's inner folders, seen from a file `depth` folders below src/features/. */
function otherFeatureInternals(depth, allowed) {
  const allow = allowed ? `(?!${allowed}/)` : '';
  return {
    regex: `^(\\.\\./){${depth}}[^./][^/]*/${allow}[^/]+/`,
    message:
      "Import only the files at the top of another feature's folder (its public surface), never its inner folders.",
  };
}

/**
 * ESLint's no-restricted-imports sees only static imports and re-exports. This rule runs that same
 * rule, with the same options, on every `import('literal')`, so a lazy import cannot cross a
 * boundary a static one may not (issue 27).
 */
const coreRestrictedImports = builtinRules.get('no-restricted-imports');
const localRules = {
  rules: {
    'no-restricted-dynamic-imports': {
      meta: {
        ...coreRestrictedImports.meta,
        docs: { description: 'no-restricted-imports for import()' },
      },
      create(context) {
        const listeners = coreRestrictedImports.create(context);
        return {
          ImportExpression(node) {
            if (node.source.type !== 'Literal' || typeof node.source.value !== 'string') return;
            listeners.ImportDeclaration({ ...node, type: 'ImportDeclaration', specifiers: [] });
          },
        };
      },
    },
  },
};

/** The same restrictions for static imports and import(); always set both through this. */
function restrictImports(...patterns) {
  return {
    'no-restricted-imports': ['error', { patterns }],
    'local/no-restricted-dynamic-imports': ['error', { patterns }],
  };
}

/** What sw/ may not import; `allowedFeatureFolder` lets its tests reach a feature's commands/. */
function swImports(allowedFeatureFolder) {
  const allow = allowedFeatureFolder ? `(?![^/]+/${allowedFeatureFolder}/)` : '';
  return [
    {
      group: ['react', 'react-*', 'react/*', '@chakra-ui/*', '@emotion/*', '@tanstack/react-*'],
      message: 'The service worker renders nothing: no React or Chakra.',
    },
    {
      regex: `^\\.\\./src/(features/${allow}|app/(?!offline-entities\\.ts$)|components/|hooks/)`,
      message:
        'sw/ may import src/sync, src/db, src/api, src/i18n and src/app/offline-entities.ts, never screens or app/.',
    },
    { regex: '^\\.\\./server/', message: 'sw/ never imports server/: share code through domain/.' },
  ];
}

/** One config per nesting depth of src/features/<feature>/…, since the specifiers are relative. */
const featureBoundaries = [1, 2, 3, 4].flatMap((depth) => {
  const files = [`src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`];
  return [
    {
      files,
      ignores: testFiles,
      rules: restrictImports(noServer, noApp, otherFeatureInternals(depth)),
    },
    {
      files: files.map((glob) => glob.replace('*.{ts,tsx}', '*.test.{ts,tsx}')),
      rules: restrictImports(noServer, otherFeatureInternals(depth, 'commands')),
    },
  ];
});

const configs = tseslint.config(
  {
    ignores: [
      'node_modules',
      '.node',
      'dist',
      'dist-perf',
      'data',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { local: localRules },
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node, ...globals.serviceworker },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // domain/ is pure: no React, DOM, Node, Dexie or SQL, so both sides can share it.
    files: ['domain/**/*.ts'],
    rules: restrictImports(
      'react',
      'react-*',
      'dexie',
      'dexie-*',
      'node:*',
      'kysely',
      'fastify',
      '../src/*',
      '../server/*',
    ),
  },
  {
    // domain/ runs in a window, the service worker and Node alike: no runtime's own globals
    // (tsconfig.domain.json has only the ES library; this also catches them in plain JS terms).
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'self',
          'document',
          'navigator',
          'location',
          'localStorage',
          'sessionStorage',
          'indexedDB',
          'caches',
          'fetch',
          'XMLHttpRequest',
          'process',
          'Buffer',
          'global',
          'require',
          '__dirname',
          '__filename',
          'setTimeout',
          'setInterval',
          'setImmediate',
        ].map((name) => ({
          name,
          message:
            'domain/ runs in the window, the service worker and Node: take it as an argument.',
        })),
      ],
    },
  },
  {
    files: [`src/${sharedFolders}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: restrictImports(noServer, noFeatureOrApp),
  },
  {
    files: testFiles.map((glob) => `src/${sharedFolders}/${glob}`),
    rules: restrictImports(noServer, noFeatureOrAppBesidesCommands),
  },
  ...featureBoundaries,
  {
    // Screens decide periods, "today" and file dates on the server's time (decision 0026). Where
    // the device's own time is truly meant, a disable comment says why.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            "The tablet's clock may be days off: use serverNow() from src/sync/server-clock.ts.",
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'],
    rules: restrictImports(noServer),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrictImports(noSrc),
  },
  // Server module boundaries (decision 0029): a module imports another module only through that
  // module's public.ts (its surface for other modules); server/app.ts registers each routes.ts.
  // The server's own files outside server/modules/ (plugins, main.ts, the seed and bootstrap
  // scripts) and scripts/ are held to it too; tests and server/app.ts are not. One rule in three
  // places, since the specifier's shape depends on where the importing file sits. Each repeats
  // the other import rules its files have (server/ never imports src/), which it replaces there.
  {
    // From server/modules/<module>/: another module is '../<other>/…'.
    files: ['server/modules/**/*.ts'],
    rules: restrictImports(noSrc, throughPublicTs('^\\.\\./[^./][^/]*/(?!public\\.ts$)')),
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/modules/**', 'server/app.ts', ...testFiles],
    rules: restrictImports(noSrc, throughPublicTs(moduleFromOutside)),
  },
  {
    files: ['scripts/**/*.ts'],
    ignores: testFiles,
    rules: restrictImports(throughPublicTs(moduleFromOutside)),
  },
  {
    // The service worker renders nothing: no React, Chakra, screens or app/ (issue 27). It runs
    // the sync engine (src/sync/, src/db/) and needs the entity declarations that
    // src/app/offline-entities.ts gathers; its tests may also queue through a feature's commands.
    files: ['sw/**/*.ts'],
    ignores: testFiles,
    rules: restrictImports(...swImports()),
  },
  {
    files: testFiles.map((glob) => `sw/${glob}`),
    rules: restrictImports(...swImports('commands')),
  },
);

export default configs;

// Import cycles: scripts/eslint/no-cycle.js.
configs.push({
  files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'server/**/*.ts', 'domain/**/*.ts'],
  plugins: { imports: { rules: { 'no-cycle': noCycleRule } } },
  rules: { 'imports/no-cycle': 'error' },
});

/**
 * The sync engine's tests prove it with made-up entities (tests/support/made-up-entities.ts,
 * registry.test.ts), never a feature's commands or app/ (issue 27, decision 0030). What the
 * catalog's writes do through the flusher (stock rolled back on a refusal, the product image sent
 * as multipart) is the department feature's test (catalog-flush*.test.ts).
 */
configs.push({
  files: ['src/sync/**/*.test.{ts,tsx}'],
  rules: restrictImports(noServer, {
    regex: '^(\\.\\./)+(features|app)/',
    message:
      "src/sync's tests use made-up entities (tests/support/made-up-entities.ts), never a feature or app/.",
  }),
});
