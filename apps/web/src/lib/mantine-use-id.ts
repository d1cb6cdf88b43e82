import { useId as useReactId } from 'react'

/**
 * Mantine's `useId`, as the build gives it to Mantine's own components (`mantine-use-id` in
 * vite.config.ts, decision 120): React's id, stable from the first drawing.
 *
 * Mantine's own starts with React's id and replaces it with a random one in a layout effect, so
 * every component with an id (each checkbox, input, select, tooltip) is drawn a second time,
 * synchronously, right after it first appears: on a schedule of 40 habits that second drawing
 * was the longest task of the page (issue 19). React's ids are unique within the app's one root
 * and the same on every drawing, which is all the labels and ARIA references need.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId()
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`
}
