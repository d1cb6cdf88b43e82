import { Badge, type BadgeProps } from '@mantine/core'

function channel(value: number): number {
  const c = value / 255
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!match) return null
  const [r, g, b] = [match[1], match[2], match[3]].map((part) =>
    channel(Number.parseInt(part ?? '0', 16)),
  )
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}

/**
 * Black or white, whichever reads better on `background` (WCAG contrast). Activity colours are
 * random, so a fixed text colour would be unreadable on half of them.
 */
export function pickTextColor(background: string): '#000' | '#fff' {
  const l = luminance(background)
  if (l === null) return '#fff'
  const onWhite = 1.05 / (l + 0.05)
  const onBlack = (l + 0.05) / 0.05
  return onBlack >= onWhite ? '#000' : '#fff'
}

interface ActivityBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  name: string
  color: string
}

/** An activity's name on its own colour, readable whatever the colour. */
export function ActivityBadge({ name, color, style, ...props }: ActivityBadgeProps) {
  return (
    <Badge
      radius="sm"
      {...props}
      color={color}
      style={{
        textTransform: 'none',
        color: pickTextColor(color),
        ...(typeof style === 'object' ? style : {}),
      }}
    >
      {name}
    </Badge>
  )
}
