// Builds the dashboard into dist/web, which the service serves at /dashboard/ (src/dashboard/static-files.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/dashboard/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: fileURLToPath(new URL('../dist/web', import.meta.url)), emptyOutDir: true, sourcemap: true },
  logLevel: 'warn',
});
