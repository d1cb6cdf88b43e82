import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Tracks the server's connections so that a stop can close the ones no client has used yet.
 * Browsers and Node's fetch open a spare connection ahead of need; Node's closeIdleConnections
 * counts one as busy until its headers time out, so a single spare held a stop for a minute.
 * A connection that has sent even one byte is left to Node (a request under way finishes).
 */
export function trackUnusedConnections(server: Server): { closeUnused(): void } {
  const open = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  return {
    closeUnused() {
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy()
    },
  }
}
