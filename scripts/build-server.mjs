// Bundles the server's TypeScript (and the contract package it imports) into one ES module,
// apps/server/dist/main.mjs, so `npm start` runs plain JavaScript: loading the app through a
// TypeScript loader took about a second of every start. Third-party packages stay in
// node_modules (external), loaded by Node as usual.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile: path.join(root, 'apps/server/dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'third-party-external',
      setup(b) {
        // Bare imports are packages, except our own workspace packages (TypeScript sources).
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sq/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  // Bundled modules share one file; `require` is still needed by a few CommonJS dependencies.
  banner: { js: "import { createRequire as __sqCreateRequire } from 'node:module'; const require = __sqCreateRequire(import.meta.url);" },
});
