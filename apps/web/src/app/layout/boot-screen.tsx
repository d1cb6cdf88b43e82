import { PRODUCT_NAME } from '@kindling/core'
import { useT } from '../../lib/i18n'

/**
 * The screen index.html paints before any script (its inline `.boot` style), drawn again by
 * React until the first auth check ends: from the first paint to the layout the user never
 * sees a blank frame, and that first paint does not wait for the scripts (issue 19).
 */
export function BootScreen() {
  const t = useT()
  return (
    <div className="boot" role="status" aria-label={t('Loading')}>
      <span aria-hidden="true">{PRODUCT_NAME}</span>
    </div>
  )
}

/**
 * The page area while the first route's screen loads: empty, so the header and tab bar are
 * drawn at once and the page fills in beneath them.
 */
export function PageLoading() {
  return <div aria-busy="true" />
}
