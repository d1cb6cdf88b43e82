import type { Plugin } from 'vite'

/**
 * The boot screen paints from index.html alone (its inline styles): the app's stylesheet is
 * fetched beside the scripts, at the same priority, but no longer holds that first paint back
 * (issue 19). The entry applies it before React draws anything (src/lib/app-styles.ts).
 */
export function appStylesWithoutBlocking(): Plugin {
  return {
    name: 'kindling:app-styles-without-blocking',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: preloadAppStyles },
  }
}

/** Turns the build's stylesheet links into preloads the entry applies (`data-app-styles`). */
export function preloadAppStyles(html: string): string {
  return html.replace(
    /<link rel="stylesheet"((?: crossorigin)?) href="([^"]+\.css)">/g,
    '<link rel="preload" as="style"$1 href="$2" data-app-styles>',
  )
}
