import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../../lib/paths'
import { listenToAppUrls } from '../../../lib/platform-actions'
import { finishNativeSingleSignOn } from '../native-sign-in'

/**
 * The native shells' end of single sign-on (issue 53): when the system browser hands the app
 * its return URL, the user lands signed in (home, or /confirm-email), or on /signin saying why
 * in the words the web shows.
 */
export function NativeSignInReturn() {
  const navigate = useNavigate()
  useEffect(
    () =>
      listenToAppUrls((url) => {
        finishNativeSingleSignOn(url).then(
          (result) => {
            if (!result) return
            if ('user' in result) {
              navigate(result.user.emailVerified ? paths.home() : paths.confirmEmail(), {
                replace: true,
              })
              return
            }
            const query = new URLSearchParams({ error: result.error })
            if (result.description) query.set('error_description', result.description)
            navigate(`${paths.signIn()}?${query}`, { replace: true })
          },
          (error: unknown) => console.error(error),
        )
      }),
    [navigate],
  )
  return null
}
