/**
 * How the client app's requests reach the API: the browser's fetch, or, while the server renders a
 * page (src/client/server-render.tsx), the server's in-process transport
 * (src/server/plugins/client-app.ts).
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
