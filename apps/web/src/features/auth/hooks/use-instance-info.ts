import type { InstanceInfo } from '@kindling/core'
import { useEffect, useState } from 'react'
import { getInstanceInfo } from '../api/instance-requests'

/**
 * The server's public facts for a page that offers what they allow (issue 53): undefined while
 * asked, null when the server could not say (the page then offers what it always did).
 */
export function useInstanceInfo(): InstanceInfo | null | undefined {
  const [info, setInfo] = useState<InstanceInfo | null | undefined>(undefined)
  useEffect(() => {
    let active = true
    getInstanceInfo().then(
      (answer) => active && setInfo(answer),
      (error: unknown) => {
        console.error(error)
        if (active) setInfo(null)
      },
    )
    return () => {
      active = false
    }
  }, [])
  return info
}
