import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react'
import { ErrorBoundary } from '../../../components/error-boundary'
import { useOpenForm } from '../../../lib/form-opener'
import { useIsMobile } from '../../../lib/layout'
import { paths } from '../../../lib/paths'
import type { DayMenuTarget } from './day-menu-popup'

// Mantine's overlays load when a day is first pressed (or hovered): the list draws without them.
const loadPopup = () => import('./day-menu-popup')
export const preloadDayMenu = () => void loadPopup().catch(() => undefined)
const DayMenuPopup = lazy(loadPopup)

/**
 * A day's menu (issue 49: 'Add event', 'Skip this day' / 'Undo skip'): `open` shows it for a day
 * of a habit, beside the day's button; `menu` is where it is drawn.
 */
export function useDayMenu(): { open: (target: DayMenuTarget) => void; menu: ReactNode } {
  const [target, setTarget] = useState<DayMenuTarget | null>(null)
  const isMobile = useIsMobile()
  const openForm = useOpenForm()
  const open = useCallback((next: DayMenuTarget) => setTarget(next), [])
  const menu = target ? (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <DayMenuPopup
          key={`${target.activityId}/${target.day}`}
          target={target}
          mobile={isMobile}
          onAddEvent={() =>
            openForm(paths.addEvent({ activityId: target.activityId, defaultDate: target.day }))
          }
          onClose={() => setTarget(null)}
        />
      </Suspense>
    </ErrorBoundary>
  ) : null
  return { open, menu }
}
