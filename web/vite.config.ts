import { defineConfig, type Plugin } from 'vite';

/**
 * The landing page is a lazy route like the others, so the other pages do not carry it; on `/` its chunks are
 * fetched in parallel with the entry instead of after it (an inline modulepreload for that path only).
 */
function preloadLandingPage(): Plugin {
  return {
    name: 'tradewise-preload-landing-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const landing = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/features/landing/LandingPage.tsx'),
        );
        if (!landing) return [];
        const files = [landing.fileName, ...landing.imports].map((file) => `/${file}`);
        const script = `if (location.pathname === '/') for (const href of ${JSON.stringify(files)}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.appendChild(link); }`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The production build is served by the Nest server at `/` (services/server/src/web). `npm run dev` serves the
 * client with hot reload and forwards the API to a server started with `npm start` on port 3000.
 */
export default defineConfig({
  plugins: [preloadLandingPage()],
  // JSX through esbuild (React 19 automatic runtime): no Babel plugin needed.
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      onwarn(warning, warn) {
        // antd marks its modules "use client" for React Server Components; meaningless in this bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      treeshake: {
        // antd's @rc-component/* packages are side-effect free but do not say so (no `sideEffects: false`), so
        // Rollup would keep every module they import; treating them as pure drops what antd does not use.
        moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
    },
  },
});
