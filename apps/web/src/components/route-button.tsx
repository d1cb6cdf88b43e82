import { Button, type ButtonProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'

/**
 * A button that opens a route. SPEC names these buttons (Sign In, Create Account, View All), and
 * a screen reader announces them so; activating one goes to `to` in the app.
 */
export function RouteButton({
  to,
  children,
  ...props
}: ButtonProps & { to: string; children: ReactNode }) {
  const navigate = useNavigate()
  return (
    <Button {...props} onClick={() => navigate(to)}>
      {children}
    </Button>
  )
}
