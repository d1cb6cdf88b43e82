import { useLocation, useNavigate } from 'react-router'

/**
 * Elsewhere in a router-using test's app: says where the router is ("At /path?query") and
 * navigates as the rest of the app would (to the schedule; back), reading the location as a
 * screen does.
 */
export function LocationProbe() {
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <>
      <p>At {`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => navigate('/schedule')}>
        Schedule
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  )
}
