import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// @ionic/core declares no `sideEffects`, so without this every Ionic component lands in the first
// chunk. Its per-component modules only define custom elements when called, so they are pure.
const ionicComponentModule = /[\\/]@ionic[\\/]core[\\/]components[\\/][^\\/]+\.js$/;

/**
 * Moves the built stylesheets from <head> to the end of <body>: the inline app-shell placeholder
 * in index.html then paints without waiting for them, while the (deferred) module scripts still
 * wait for the stylesheets before React renders, so nothing shows unstyled.
 */
function stylesheetsAfterShell(): Plugin {
  return {
    name: 'lastman:stylesheets-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        let out = html;
        for (const link of links) out = out.replace(link, '');
        return out.replace('</body>', `${links.join('\n')}\n</body>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    stylesheetsAfterShell(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Lastman: Last Man Standing',
        short_name: 'Lastman',
        description: 'Last Man Standing football competitions for your club',
        start_url: '/app/tabs/game',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#b3142b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !ionicComponentModule.test(id),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
