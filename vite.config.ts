import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// The web app lives in src/web; the server serves dist/web on the same port as the API.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  // `@/…` is src/… (tsconfig.json paths): one alias for every import that climbs out of a folder.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
