import { Badge, type BadgeProps } from '@mantine/core'
import { pickTextColor } from './activity-badge'

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
