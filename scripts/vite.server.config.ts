import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// The server compiled to plain JavaScript for `npm start` (docs/product.md#start): Vite's SSR
// build bundles our own modules into dist-server/ and leaves every package of node_modules
// external (imported at run time as they are). No TypeScript is transpiled when the server runs.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        backup: 'src/server/cli/backup.ts',
        users: 'src/server/cli/users.ts',
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
