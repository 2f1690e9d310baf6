import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const contractEntry = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const serverTarget = 'http://127.0.0.1:8080';

/**
 * Lists the login screen's chunks in index.html as preloads. The screen is a lazy route, so the
 * browser would otherwise ask for it only after the entry has run — a second round trip before
 * the login form can show (the loading budget, bench/web-budget.mjs).
 */
function preloadLoginScreen(): Plugin {
  return {
    name: 'preload-login-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/features/auth/login-screen.tsx')));
        if (!login) return [];
        const closure = (start: string[]) => {
          const files = new Set<string>();
          const css = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = chunks.find((c) => c.fileName === fileName);
            if (!chunk || files.has(fileName)) return;
            files.add(fileName);
            for (const f of chunk.viteMetadata?.importedCss ?? []) css.add(f);
            chunk.imports.forEach(visit);
          };
          start.forEach(visit);
          return { files, css };
        };
        // What the entry already preloads is left out.
        const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const { files, css } = closure([login.fileName]);
        return [
          ...[...files].filter((f) => !entry.files.has(f)).map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
          // crossorigin as on the stylesheet link Vite adds later, or the preload could not be reused.
          ...[...css].filter((f) => !entry.css.has(f)).map((f) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadLoginScreen()],
  resolve: {
    alias: { '@console/contract': contractEntry },
  },
  server: {
    proxy: {
      '/v1': { target: serverTarget, changeOrigin: false },
      '/docs': { target: serverTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every screen is a lazy import (src/app/screens.ts), so the default splitting already keeps
    // the login screen's chunks small; shared vendors land in common chunks by themselves.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The login screen in few files: what the entry needs in one chunk, what the login
          // screen adds in another. Dozens of small shared chunks each cost a request, and on a
          // busy server those round trips, not the bytes, delayed the form (bench/web-budget.mjs).
          // Every other screen keeps its own lazy chunk.
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // The authenticator binding step stays a lazy chunk of its own: only users without an
            // authenticator see it, and it brings the call schemas (zod) and the QR code.
            { name: 'login', test: /src[\\/]features[\\/]auth[\\/](?!bind-authenticator)/, priority: 1 },
          ],
        },
      },
    },
  },
});
