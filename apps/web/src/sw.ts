/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { registerPushHandlers } from './sw/push-handlers'

/*
 * The app shell offline (issue 13): the build's files are cached on install, so a reload with
 * no network shows the app, which then reads the device's copy of the data. The API is never
 * cached here: the synced copy is the data's offline store. No route answers an `/api/` request
 * (not even a navigation to one), so the live change stream (`/api/sync/stream`) reaches the
 * network as it is, never buffered. A new version waits until every tab of the old one is
 * closed, so an open tab never loses the chunks it was built with.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
)
clientsClaim()
registerPushHandlers()
