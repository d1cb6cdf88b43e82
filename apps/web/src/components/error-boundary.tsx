import { Button, Stack, Text } from '@mantine/core'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useT } from '../lib/i18n'

/** SPEC §8 render failure: the fixed message and a button that renders the part again. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  return (
    <Stack align="center" gap="md" py="xl" role="alert">
      <Text>{t('Uh oh. Failed to render the component.')}</Text>
      <Button onClick={onRetry}>{t('Try again')}</Button>
    </Stack>
  )
}

/** A screen's code that failed to download (lazy() keeps the failure: only a reload fetches it again). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading/i.test(
      error.message,
    )
  )
}

interface ErrorBoundaryProps {
  children: ReactNode
  /** A change of this value (e.g. the route) clears a caught error. */
  resetKey?: unknown
  /** Shown instead of SPEC's message, for parts that draw nothing until used (`null`). */
  fallback?: ReactNode
}

interface ErrorBoundaryState {
  error: unknown
  resetKey: unknown
}

/**
 * Catches render errors below it; 'Try again' renders the children anew, or reloads the page
 * when what failed was downloading their code.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error('Unknown render error') }
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey }
    return null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  reset = () => {
    if (isChunkLoadError(this.state.error)) window.location.reload()
    else this.setState({ error: null })
  }

  override render() {
    if (this.state.error) {
      return this.props.fallback !== undefined ? (
        this.props.fallback
      ) : (
        <ErrorFallback onRetry={this.reset} />
      )
    }
    return this.props.children
  }
}
