import { useLocation, useNavigate, useRouteError } from 'react-router'
import { ErrorFallback } from '../components/error-boundary'

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading/i.test(
      error.message,
    )
  )
}

/**
 * The route's errorElement. 'Try again' navigates to the same location, which makes React
 * Router clear the error and render the route anew; code that failed to download is fetched
 * again by reloading the page.
 */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()
  console.error(error)
  return (
    <ErrorFallback
      onRetry={() => {
        if (isChunkLoadError(error)) window.location.reload()
        else navigate(location, { replace: true })
      }}
    />
  )
}
