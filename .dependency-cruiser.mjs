// The arrows between source files (docs/conventions.md rule 11, docs/decisions/106), checked by `npm run lint`:
// no two files import each other, directly or round a longer circle, counting `import type` (a service that takes a type
// from its own routes.ts points the wrong way even when nothing of it runs); and the client imports server code only as
// types (the typed contract, docs/decisions/060): a value import would put server code in the browser's bundle.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Dependencies point one way (docs/conventions.md rule 11): move what both files need to the lower one (a service, src/shared).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-imports-server-only-as-types',
      severity: 'error',
      comment: 'The client takes only types from src/server (docs/decisions/060); shared code lives in src/shared.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    // `import type` counts as an arrow too (it is left out of the built code, not out of the design).
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|tmp|data|node_modules)/' },
    moduleSystems: ['es6'],
  },
};
