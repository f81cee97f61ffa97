import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineStylesPerComponent, scrollAreaMergeRefs } from './scripts/mantine-styles-plugin.ts';
import { firstPageChunks } from './scripts/first-page-chunks.ts';
import { pagePreloadsPlugin } from './scripts/page-preloads-plugin.ts';
import { PAGE_PRELOADS } from './src/app/page-preloads.ts';

const API_TARGET = 'http://localhost:3000';

// Vendor code every page needs gets a long-lived chunk of its own; Mantine and i18n are split by the
// entries (routes) that use them, so a component used by one lazy route is not loaded by the home page.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 10 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
];
const modulesOf = (...paths: string[]) => [
  ...new Set(PAGE_PRELOADS.filter((page) => paths.includes(page.path)).flatMap((page) => page.modules)),
];
// what the root layout loads for an agency admin on any page (src/app/root-layout.tsx)
const AGENT_BANNERS = [
  'src/features/balance/components/money-banner.tsx',
  'src/features/company/components/licence-banner.tsx',
];
// What every page loads after its first render shares a chunk; then the logged-out home page (every visitor's first
// page), the tour page and the checkout (an agent's) get one chunk per set of them sharing code
// (scripts/first-page-chunks.ts). The other pages' code is split by the bundler.
const firstPage = firstPageChunks(
  new URL('./node_modules/.cache/first-page-modules.json', import.meta.url).pathname,
  [
    {
      name: 'layout',
      // (the toaster loads with the first toast, by itself)
      modules: ['src/components/footer.tsx', 'src/components/whatsapp-button.tsx'],
    },
  ],
  {
    home: modulesOf('/'),
    tour: [...modulesOf('/tour'), ...AGENT_BANNERS],
    checkout: [...modulesOf('/checkout'), ...AGENT_BANNERS],
  },
);

export default defineConfig({
  plugins: [react(), mantineStylesPerComponent(), scrollAreaMergeRefs(), firstPage.plugin, pagePreloadsPlugin()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/healthz': { target: API_TARGET },
      '/dev/mailbox': { target: API_TARGET },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      '/healthz': { target: API_TARGET },
      '/dev/mailbox': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Vite 8 (Rolldown): `codeSplitting.groups` replaces the deprecated `manualChunks`.
        codeSplitting: { groups: [...vendorGroups, ...firstPage.groups] },
      },
    },
  },
});
