import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// @ionic/core declares no `sideEffects`, so without this every Ionic component lands in the first
// chunk. Its per-component modules only define custom elements when called, so they are pure.
const ionicComponentModule = /[\\/]@ionic[\\/]core[\\/]components[\\/][^\\/]+\.js$/;

// The app's own TypeScript and the workspace packages have no side effects on import (stylesheets
// aside, and the entry itself): a domain's index.ts re-exporting its admin screens then no longer
// drags them, and what they import, into every page that needs one small export of the domain.
const ownModule = /[\\/](apps[\\/]web[\\/]src|packages[\\/](api|game)[\\/]src)[\\/].*\.tsx?$/;
// The page's entry (index.html's one script, src/boot.ts) and the helpers it shares with the shell
// (Vite's preload helper and modulepreload polyfill): the small first chunk.
const bootModule =
  /([\\/]apps[\\/]web[\\/](index\.html|src[\\/]boot\.ts)$|vite[\\/](preload-helper|modulepreload-polyfill))/;
const entryModule = /[\\/]apps[\\/]web[\\/]src[\\/](boot\.ts|main\.tsx)$/;

/**
 * `ionicons/icons` and `@ionic/react` are each a single module, and a module lives in one chunk: an
 * icon or component used on *any* page used to land in the first page's chunk. This plugin rewrites
 * the app's imports of them so that each icon, and each plain Ionic component (one made by
 * `createComponent`, the same code `@ionic/react` runs), is its own small module and lands in the
 * chunk of the pages that use it. Names it does not know stay imported from the package.
 */
function ionicPerExportModules(): Plugin {
  // The ES module files, as the app's own imports resolve them.
  const iconsFile = fileURLToPath(import.meta.resolve('ionicons/icons'));
  const ionicReactFile = fileURLToPath(import.meta.resolve('@ionic/react'));
  let icons: Map<string, string> | undefined;
  let components: Map<string, { code: string; block: string; importLine: string }> | undefined;
  const routingFactory = 'lastmanCreateRoutingComponent';
  const iconLines = () => {
    icons ??= new Map(
      [...readFileSync(iconsFile, 'utf8').matchAll(/^export const (\w+) = (".*");?$/gm)].map((m) => [
        m[1] ?? '',
        `export const ${m[1]} = ${m[2]};`,
      ]),
    );
    return icons;
  };
  /**
   * Each plain Ionic component's module: the `createComponent` call, or for a component that
   * navigates (IonButton, IonItem, IonRouterLink... made by `createRoutingComponent`, which the
   * plugin exports from @ionic/react's index for them), its call; `block` and `importLine` are the
   * lines of @ionic/react's index the module takes over.
   */
  const componentModules = () => {
    if (components) return components;
    const source = readFileSync(ionicReactFile, 'utf8');
    const imports = [
      ...source.matchAll(
        /^import \{ (\w+) as (\w+\$\d*), defineCustomElement as (\w+\$\w+) \} from '([^']+)';$/gm,
      ),
    ];
    components = new Map();
    for (const m of source.matchAll(
      /^const (Ion\w+) = \/\*@__PURE__\*\/ createComponent\(\{\n([\s\S]*?)\n\}\);$/gm,
    )) {
      const [block, name, body] = m;
      const elementClass = /elementClass: (\w+\$\d*),/.exec(body ?? '')?.[1];
      const line = imports.find((i) => i[2] === elementClass);
      if (!name || !line) continue;
      const code = [
        "import React from 'react';",
        "import { createComponent } from '@stencil/react-output-target/runtime';",
        line[0],
        `export ${block}`,
      ].join('\n');
      components.set(name, { code, block, importLine: line[0] });
    }
    for (const m of source.matchAll(
      /^const (Ion\w+) = \/\*@__PURE__\*\/ createRoutingComponent\('[\w-]+', (\w+\$\d*)\);$/gm,
    )) {
      const [block, name, elementClass = ''] = m;
      const line = new RegExp(
        `^import \\{ \\w+ as ${elementClass.replace(/\$/g, '\\$')} \\} from '[^']+';$`,
        'm',
      ).exec(source);
      if (!name || !line) continue;
      const code = [
        `import { ${routingFactory} as createRoutingComponent } from '@ionic/react';`,
        line[0],
        `export ${block}`,
      ].join('\n');
      components.set(name, { code, block, importLine: line[0] });
    }
    return components;
  };
  /**
   * @ionic/react without the components the per-export modules provide: its index otherwise still
   * imports each of them statically, so a component only a lazy page uses counted as part of the
   * entry's static graph and was placed in the first chunk. A component the index itself uses, or
   * whose import is shared, stays.
   */
  const withoutOwnComponents = (code: string) => {
    let out = code;
    const removed: string[] = [];
    for (const [name, { block, importLine }] of componentModules()) {
      if (!out.includes(block) || !out.includes(importLine)) continue;
      const rest = out.replace(block, '').replace(importLine, '');
      const aliases = [...importLine.matchAll(/as (\w+\$\w*)/g)].map((m) => m[1] ?? '');
      const stillUsed = (word: string) =>
        new RegExp(`(?<![\\w$])${word.replace(/\$/g, '\\$')}(?![\\w$])`).test(
          rest.replace(/^export \{[^}]*\};$/m, ''),
        );
      if (stillUsed(name) || aliases.some(stillUsed)) continue;
      out = rest;
      removed.push(name);
    }
    const gone = new Set(removed);
    return out.replace(/^export \{([^}]*)\};$/m, (_all, list: string) => {
      const kept = list
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !gone.has(n));
      return `export { ${kept.join(', ')} };\nexport { createRoutingComponent as ${routingFactory} };`;
    });
  };
  // @ionic/react's overlays (its alert, toast, loading, action sheet, modal and popover components
  // and hooks). The app shows these through lib/use-ion-alert.ts and lib/use-ion-toast.ts, which
  // load the element when first shown; @ionic/react's index imports the elements statically, which
  // placed them in the entry's chunk. Its imports of them resolve to a stub instead, and the app may
  // not import its overlay components or hooks.
  const overlayElement =
    /^@ionic\/core\/components\/ion-(alert|loading|toast|action-sheet|modal|popover)\.js$/;
  const overlayNames = /^(use)?Ion(Alert|Loading|Toast|ActionSheet|Modal|Popover)$/;
  const importStatement = /import\s*\{([^}]*)\}\s*from\s*'(ionicons\/icons|@ionic\/react)';/g;
  const unannotated = /^const (IonNavInner|IonNav) = (createReactComponent|createForwardRef)\(/gm;
  return {
    name: 'lastman:ionic-per-export-modules',
    // A build's chunks only: the dev server serves @ionic/react pre-bundled by its dependency
    // optimizer, which this plugin's rewrite of the package never reaches (the app's imports of
    // `lastmanCreateRoutingComponent` then found no such export and the page stayed blank).
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/](src[\\/].*\.tsx?|@ionic[\\/]react[\\/]dist[\\/]index\.js)$/ },
      handler(code, id) {
        // @ionic/react creates IonNav without a pure annotation, so ion-nav stayed in the bundle
        // although nothing uses it.
        if (id === ionicReactFile)
          return {
            code: withoutOwnComponents(code.replace(unannotated, 'const $1 = /*@__PURE__*/ $2(')),
            map: null,
          };
        if (id.includes('node_modules')) return null;
        let changed = false;
        const out = code.replace(importStatement, (statement, list: string, from: string) => {
          const known = from === 'ionicons/icons' ? iconLines() : componentModules();
          const kept: string[] = [];
          const own: string[] = [];
          for (const raw of list.split(',')) {
            const spec = raw.trim();
            if (!spec) continue;
            const name = spec.split(/\s+as\s+/)[0] ?? '';
            if (from === '@ionic/react' && overlayNames.test(name))
              this.error(
                `${name}: use lib/use-ion-alert.ts or lib/use-ion-toast.ts, which load the overlay when shown`,
              );
            if (known.has(name)) own.push(`import { ${spec} } from 'virtual:lastman-ionic/${from}/${name}';`);
            else kept.push(spec);
          }
          if (own.length === 0) return statement;
          changed = true;
          return [kept.length ? `import { ${kept.join(', ')} } from '${from}';` : '', ...own].join(' ');
        });
        return changed ? { code: out, map: null } : null;
      },
    },
    resolveId(source, importer) {
      if (importer === ionicReactFile && overlayElement.test(source))
        return `\0lastman-ionic-overlay-stub:${source}`;
      // IonIcon defined <ion-icon> from the ionicons package, whose module carries a second copy of
      // Stencil's runtime (about 7 KB gzipped on the first page); @ionic/core bundles the same
      // element on the runtime its own components already load.
      if (importer === ionicReactFile && source === 'ionicons/components/ion-icon.js')
        return this.resolve('@ionic/core/components/ion-icon.js', ionicReactFile);
      if (source.startsWith('virtual:lastman-ionic/')) return `\0${source}`;
      // Imports inside a component module resolve as they would from @ionic/react itself.
      if (importer?.startsWith('\0virtual:lastman-ionic/')) return this.resolve(source, ionicReactFile);
      return null;
    },
    load(id) {
      if (id.startsWith('\0lastman-ionic-overlay-stub:'))
        return `export function defineCustomElement() { throw new Error('${id.slice(28)} is loaded by lib/use-ion-*.ts, not by @ionic/react'); }`;
      const m = /^\0virtual:lastman-ionic\/(ionicons\/icons|@ionic\/react)\/(\w+)$/.exec(id);
      if (!m) return null;
      const [, from, name = ''] = m;
      return (from === 'ionicons/icons' ? iconLines().get(name) : componentModules().get(name)?.code) ?? null;
    },
  };
}

/**
 * `ion-content` (drawn by every page) imports one small function from Ionic's overlay module, the
 * one that reads a modal's `--height`; for it, that module (the overlay controllers, focus traps and
 * back-button handling, about 2 KB gzipped) sat in the first page's chunk, and with it every overlay
 * export any lazy page uses. The function is copied in here; the build fails if Ionic changes it.
 */
function ionContentWithoutOverlays(): Plugin {
  const sizeToContent =
    'nn=n=>{const e=n.trim().toLowerCase();return U.includes(e)?"fullscreen":X.some((n=>e.endsWith(n)))?"content":"definite"}';
  const lists = [
    'U=["","100%","100vw","100vh","100dvw","100dvh","100svw","100svh"]',
    'X=["auto","fit-content","min-content","max-content"]',
  ];
  return {
    name: 'lastman:ion-content-without-overlays',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]@ionic[\\/]core[\\/]components[\\/]p-[\w-]+\.js$/ },
      handler(code, id) {
        if (!code.includes(',"ion-content",{')) return null;
        const m = /import\{n as (\w+)\}from"\.\/(p-[\w-]+\.js)";/.exec(code);
        const overlays = m ? readFileSync(path.join(path.dirname(id), m[2] ?? ''), 'utf8') : '';
        if (!m || !overlays.includes(sizeToContent) || !lists.every((l) => overlays.includes(l)))
          this.error(
            'ion-content no longer imports the overlay helper this plugin copies: check @ionic/core',
          );
        const name = m[1] ?? '';
        const own = `const ${name}=n=>{const U=${lists[0]?.slice(2)},X=${lists[1]?.slice(2)},e=n.trim().toLowerCase();return U.includes(e)?"fullscreen":X.some((n=>e.endsWith(n)))?"content":"definite"};`;
        return { code: code.replace(m[0], own), map: null };
      },
    },
  };
}

/**
 * `ion-router-outlet` loads its swipe-back gesture (the gesture code and its controller, about
 * 2.7 KB gzipped) as soon as it is connected, and only then reads whether swiping back is on, which
 * the app turns on for iOS only (app.tsx). Where it is off and the outlet was given no
 * `swipeGesture` of its own, the outlet now skips the import; on iOS nothing changes. The build
 * fails if Ionic's code no longer reads as expected.
 */
function routerOutletSwipeOnlyWhereOn(): Plugin {
  const start = 'async connectedCallback(){const t=()=>{this.gestureOrAnimationInProgress=!0';
  const configRead =
    'void 0===this.swipeGesture?this.swipeGesture=e.getBoolean("swipeBackEnabled","ios"===this.mode)';
  return {
    name: 'lastman:router-outlet-swipe-only-where-on',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]@ionic[\\/]core[\\/]components[\\/]ion-router-outlet\.js$/ },
      handler(code) {
        if (!code.includes(start) || !code.includes(configRead))
          this.error(
            'ion-router-outlet no longer starts its swipe gesture as this plugin expects: check @ionic/core',
          );
        const skip =
          'async connectedCallback(){if(void 0===this.swipeGesture&&!e.getBoolean("swipeBackEnabled","ios"===this.mode)){this.swipeGesture=!1;return}';
        return { code: code.replace('async connectedCallback(){', skip), map: null };
      },
    },
  };
}

/**
 * Marks index.html's one script (src/boot.ts) low priority: it draws nothing, the placeholder in
 * index.html paints without it (a module script never blocks rendering), and it only imports the
 * shell after that paint. Chrome otherwise fetches it at high priority, and Lighthouse counts a
 * high-priority script that loaded before the first paint as blocking it. (Vite rewrites the tag,
 * dropping a `fetchpriority` written in index.html itself.)
 */
function lowPriorityBoot(): Plugin {
  return {
    name: 'lastman:low-priority-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          '<script type="module" crossorigin',
          '<script type="module" fetchpriority="low" crossorigin',
        ),
    },
  };
}

/**
 * Writes a Brotli and a gzip copy beside every text file of the build (the server sends them to
 * browsers that accept them): the first page's JavaScript goes over the network at about a quarter
 * of its size. Runs after the service worker is generated, so its precache list is unchanged.
 */
function precompressed(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|html|svg|json|webmanifest)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return {
    name: 'lastman:precompressed',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of files(outDir)) {
          if (!compressible.test(file) || statSync(file).size < 1024) continue;
          const content = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    ionicPerExportModules(),
    ionContentWithoutOverlays(),
    routerOutletSwipeOnlyWhereOn(),
    react(),
    lowPriorityBoot(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'push-sw.js'],
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
        // The server renders a club's event and menu pages (and answers the sitemap): never the app
        // shell for them. /c/<club> itself opens in the app once it is installed here.
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/c\/[^/]+\/(events|menu)(\/|$)/,
          /^\/(sitemap\.xml|robots\.txt)$/,
        ],
        // Shows Web Push messages and tells open pages about them.
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    precompressed(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // index.html loads src/boot.ts, which lets the placeholder paint and then imports the shell
      // (src/main.tsx). The shell is an input of its own as well, so that what it imports
      // statically carries rolldown's `$initial` tag and the 'shell' group below finds it; it has no
      // exports to keep, so it needs no facade chunk.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        shell: fileURLToPath(new URL('src/main.tsx', import.meta.url)),
      },
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Everything the shell imports statically is one chunk: a module shared by the shell and
          // a lazy page would otherwise become a small chunk of its own, each compressed alone. The
          // boot entry is a chunk of its own, first (the shell imports the preload helper from it).
          groups: [
            { name: 'index', priority: 1, test: bootModule },
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id: string) => !ionicComponentModule.test(id) && !bootModule.test(id),
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) =>
          !ionicComponentModule.test(id) && (!ownModule.test(id) || entryModule.test(id)),
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
