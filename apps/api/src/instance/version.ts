/** The Kindling release this server is (shown by GET /api/instance and on /admin). */
export const SERVER_VERSION = '1.0.0'
