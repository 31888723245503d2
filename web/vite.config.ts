import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const fromWeb = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The local runtime (`npm start`) serves /api, /idp (the stand-in identity provider) and /sandbox on port 3000;
// the dev server forwards them there so cookies and redirects behave as they do when the built site is served.
const backend = process.env.VIGIL_BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  publicDir: fromWeb('./public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fromWeb('./src'),
      '@shared': fromWeb('../shared'),
      // Benchmark figures the public pages state, read at build time (bench/published.json).
      '@bench': fromWeb('../bench'),
    },
  },
  build: {
    outDir: fromWeb('../dist/web'),
    emptyOutDir: true,
    // The strict CSP (script-src 'self') forbids inline scripts; keep every asset a file too.
    assetsInlineLimit: 0,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The React runtime changes far less often than the app: its own chunk stays cached across deploys.
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|swr|use-sync-external-store)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/idp': { target: backend, changeOrigin: false },
      '/sandbox': { target: backend, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
