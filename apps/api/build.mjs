import { readFileSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
// Our own dependencies stay in node_modules (zod too: the zod type provider must see the same
// copy). @kindling/core is TypeScript source and is bundled with what it alone needs (dayjs and
// its extension-less plugin imports, which Node's ESM resolver would refuse).
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies), 'zod']

// The bundle sits at dist/server.js, one level below apps/api like src/, so the
// relative paths of src/paths.ts (migrations, web dist) hold in both.
// The server, and the worker thread that reads import files (read-off-thread.ts finds it at
// dist/read-worker.js, beside the server).
for (const [entry, outfile] of [
  ['src/server.ts', 'dist/server.js'],
  ['src/data-transfer/read-worker.ts', 'dist/read-worker.js'],
  // The thread PGlite runs on (db/pglite-thread.ts finds it at dist/pglite-worker.js).
  ['src/db/pglite-worker.ts', 'dist/pglite-worker.js'],
  // `npm run restore -- <file>` (backup/restore.ts).
  ['src/restore.ts', 'dist/restore.js'],
]) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: external.flatMap((name) => [name, `${name}/*`]),
    plugins: [
      {
        name: 'bundle-kindling-core',
        setup(builder) {
          builder.onResolve({ filter: /^@kindling\/core$/ }, async (args) => {
            const resolved = await builder.resolve('../../packages/core/src/index.ts', {
              kind: args.kind,
              resolveDir: import.meta.dirname,
            })
            return { path: resolved.path }
          })
        },
      },
    ],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'info',
  })
}
