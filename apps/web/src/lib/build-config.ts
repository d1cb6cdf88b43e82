/// <reference types="vite/client" />

interface KindlingBuildEnv {
  /** Where the API lives, e.g. https://kindling.example.com; empty: the page's own origin. */
  readonly VITE_API_BASE_URL?: string
}

/**
 * The API base URL fixed at build time (`VITE_API_BASE_URL=https://… npm run cap:sync`). The web
 * build leaves it empty and calls its own origin; the native shells load the app from
 * capacitor://localhost or https://localhost and must be told where the server is.
 */
export function getBuildApiBaseUrl(): string {
  const env = import.meta.env as KindlingBuildEnv
  return (env.VITE_API_BASE_URL ?? '').trim()
}
