import { lazy } from 'react'

/**
 * Panels one feature shows inside another's screen, composed here so that features never import
 * each other (STYLE.md). Each loads on first render, in its own chunk.
 */

/** A habit's statistics (features/stats), for the habit page's Stats tab and section. */
export const HabitStatsPanel = lazy(() => import('../features/stats/components/habit-stats'))
