import { isRightToLeft } from '@kindling/core'
import { BarChart, LineChart } from '@mantine/charts'
import { useLanguage } from '../../../lib/i18n'
import { formatNumber } from '../../../lib/locale-format'

/**
 * The chart components, in their own chunk: Mantine Charts and recharts load only with the
 * screens that draw charts (issue 17), never with the first screen. Each chart is decorative
 * beside its summary and table (ChartFigure), so it carries no names of its own, and recharts'
 * keyboard layer is off: nothing focusable hides inside the aria-hidden chart.
 */

export interface ChartPoint {
  /** Axis label. */
  label: string
  value: number
}

const CHART_HEIGHT = 180

/** A line in [0, 100] %, for the strength over time. */
export function PercentLineChart({ points, name }: { points: ChartPoint[]; name: string }) {
  // Right to left (Arabic): time runs from the right, the scale stands on the right.
  const rtl = isRightToLeft(useLanguage())
  return (
    <LineChart
      h={CHART_HEIGHT}
      data={points}
      dataKey="label"
      series={[{ name: 'value', label: name, color: 'orange.5' }]}
      curveType="monotone"
      withDots={false}
      gridAxis="y"
      unit="%"
      yAxisProps={{ domain: [0, 100], width: 44, orientation: rtl ? 'right' : 'left' }}
      xAxisProps={{ minTickGap: 16, reversed: rtl }}
      valueFormatter={(value) => formatNumber(Math.round(value))}
      lineChartProps={{ accessibilityLayer: false }}
    />
  )
}

/** Bars, for counts and sums per period or weekday. */
export function ValueBarChart({ points, name }: { points: ChartPoint[]; name: string }) {
  const rtl = isRightToLeft(useLanguage())
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={points}
      dataKey="label"
      series={[{ name: 'value', label: name, color: 'orange.6' }]}
      gridAxis="y"
      yAxisProps={{ width: 44, allowDecimals: false, orientation: rtl ? 'right' : 'left' }}
      xAxisProps={{ minTickGap: 8, reversed: rtl }}
      valueFormatter={(value) => formatNumber(value, { maximumFractionDigits: 2 })}
      barChartProps={{ accessibilityLayer: false }}
    />
  )
}
