import { describe, expect, it } from 'vitest'
import { preloadAppStyles } from './app-styles'

describe('preloadAppStyles', () => {
  it("preloads the build's stylesheets for the entry to apply, leaving other links alone", () => {
    const html = [
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<link rel="modulepreload" crossorigin href="/assets/web-a1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/web-b2.css">',
    ].join('\n')
    expect(preloadAppStyles(html).split('\n')).toEqual([
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<link rel="modulepreload" crossorigin href="/assets/web-a1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/web-b2.css" data-app-styles>',
    ])
  })
})
