import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { appStylesWithoutBlocking } from './app-styles.ts'
import { i18nCatalogs } from './i18n-catalogs.ts'
import { mantineStylesPerComponent } from './mantine-styles.ts'
import { mantineUseId } from './mantine-use-id.ts'
import { screenPreloadsFile } from './screen-preloads.ts'

export default defineConfig({
  plugins: [
    // Lingui's compiled catalogs and messages (decision 160).
    i18nCatalogs(),
    mantineStylesPerComponent(),
    // Mantine's components take React's ids as they are, drawn once (decision 120).
    mantineUseId(),
    react(),
    // Each route's screen code, for the server to announce with the page (decision 103).
    screenPreloadsFile(),
    // The boot screen paints without waiting for the app's stylesheet.
    appStylesWithoutBlocking(),
    // Service worker (src/sw.ts) and web app manifest: installable, and the shell works offline.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'Kindling',
        short_name: 'Kindling',
        description: 'The habit tracker you keep using.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#242424',
        theme_color: '#242424',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        // The installed app's long-press menu (issue 52).
        shortcuts: [
          {
            name: 'Add Event',
            url: '/add-event',
            icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Schedule',
            url: '/schedule',
            icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,txt,woff2}'] },
    }),
  ],
  resolve: {
    // recharts needs the react-is of our React (19); npm hoists prop-types' 16 to the root.
    dedupe: ['react-is'],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Required by the inlined common chunks below: the entry's exports are nobody's API.
      preserveEntrySignatures: false,
      output: {
        // Everything the first screen imports stays in one chunk. Without this, a lazy chunk
        // that shares CommonJS modules with it (recharts imports react-dom) makes rolldown
        // split React, react-dom and Mantine's base into several initial chunks: more requests
        // and more bytes before the first screen (issue 17: it must not grow).
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
          // Small shared modules are copied into the chunks that use them (one state, one
          // execution, kept by rolldown's registry) instead of each being a file: a screen's
          // first visit waits for 6 files, not 28 (decision 103). Stylesheets stay files.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024, exclude: /\.css(\?|$)/ },
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // A test's first use of a lazily loaded screen or dialog transforms its modules then: on a
    // loaded 2-core machine that alone passed the default 5 s.
    testTimeout: 15_000,
  },
})
