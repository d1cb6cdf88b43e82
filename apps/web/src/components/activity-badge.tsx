import type { CSSProperties } from 'react'
import classes from './activity-badge.module.css'
import { AppLink } from './app-link'

export interface ActivityBadgeProps {
  activity: { name: string; color: string }
  /** When set, the badge is a link (e.g. to the activity's page). */
  to?: string
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'
  /** Where the badge sits (e.g. how far it may grow in a row); the colours are its own. */
  style?: CSSProperties
}

/** Relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminanceOf(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  })
  const [r = 0, g = 0, b = 0] = channels
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/**
 * Black or white, whichever reads better on `background` (users pick any colour, so the text
 * must always pass contrast checks).
 */
export function pickTextColor(background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return 'var(--mantine-color-white)'
  const luminance = luminanceOf(background)
  const withBlack = (luminance + 0.05) / 0.05
  const withWhite = 1.05 / (luminance + 0.05)
  return withBlack >= withWhite ? '#000' : '#fff'
}

/** An activity's name on its own colour, text contrasted automatically (SPEC §2 name badge). */
export function ActivityBadge({ activity, to, size = 'lg', style: placed }: ActivityBadgeProps) {
  const style = {
    ...placed,
    '--habit-color': activity.color,
    color: pickTextColor(activity.color),
  } as CSSProperties
  const label = <span className={classes.label}>{activity.name}</span>
  if (to) {
    return (
      <AppLink to={to} className={classes.badge} data-size={size} style={style}>
        {label}
      </AppLink>
    )
  }
  return (
    <div className={classes.badge} data-size={size} style={style}>
      {label}
    </div>
  )
}
