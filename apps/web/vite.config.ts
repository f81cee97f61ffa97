import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://localhost:3000';

// Vendor code every page needs gets a long-lived chunk of its own; Mantine and i18n are split by the
// entries (routes) that use them, so a component used by one lazy route is not loaded by the home page.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 10 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
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
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
