import { IconFlame } from '@tabler/icons-react'
import { useT } from '../../../lib/i18n'
import { formatNumber } from '../../../lib/locale-format'
import classes from './streak-flame.module.css'

/** A flame with the streak count, shown only for a streak (SPEC §2: streaks above 0). */
export function StreakFlame({ streak }: { streak: number }) {
  const t = useT()
  if (streak <= 0) return null
  return (
    <div
      className={classes.flame}
      aria-label={t('{count, plural, one {Streak # day} other {Streak # days}}', { count: streak })}
      role="img"
    >
      <IconFlame size={18} aria-hidden color="var(--mantine-color-orange-5)" />
      <p className={classes.count} aria-hidden>
        {formatNumber(streak)}
      </p>
    </div>
  )
}
