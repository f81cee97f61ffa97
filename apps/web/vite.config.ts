import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
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
// The logged-out home page (every visitor's first page), then the pages an agent opens most, share a chunk each
// (scripts/first-page-chunks.ts); the date picker stays apart, loaded by the pages that show one.
const firstPage = firstPageChunks(new URL('./node_modules/.cache/first-page-modules.json', import.meta.url).pathname, [
  { name: 'home', modules: modulesOf('/') },
  // what every page loads after its first render
  {
    name: 'layout',
    modules: ['src/components/toaster.tsx', 'src/components/footer.tsx', 'src/components/whatsapp-button.tsx'],
  },
  {
    name: 'agent',
    modules: modulesOf('/tour', '/checkout', '/city', '/bookings'),
    except: /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/,
  },
]);

export default defineConfig({
  plugins: [react(), firstPage.plugin, pagePreloadsPlugin()],
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
