import type { CapacitorConfig } from '@capacitor/cli'

/**
 * The native shells (SPEC §1): the same Vite build (`dist/`) inside a WebView.
 * See docs/decisions/030-capacitor-native-shells.md.
 */
const config: CapacitorConfig = {
  appId: 'app.kindling',
  appName: 'Kindling',
  webDir: 'dist',
  // The dark page colour, so no white flashes behind the WebView while it loads.
  backgroundColor: '#242424',
  server: {
    // https://localhost on Android (a secure context, like capacitor://localhost on iOS); the
    // API lists both in its trusted origins for CORS and better-auth's CSRF check.
    androidScheme: 'https',
  },
  android: {
    // Android 15 draws edge to edge; older WebViews report no env(safe-area-inset-*), so let
    // Capacitor keep the WebView clear of the status and navigation bars there.
    adjustMarginsForEdgeToEdge: 'auto',
  },
  ios: {
    // The page extends under the status bar and home indicator (viewport-fit=cover) and pads
    // itself with env(safe-area-inset-*): header and tab bar stay opaque edge to edge.
    contentInset: 'never',
  },
}

export default config
