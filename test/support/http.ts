import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Shorthand for app.inject as a given caller (a Cookie header, or none for a visitor). */
export function client(app: FastifyInstance, cookie?: string) {
  const send = (method: Method, url: string, payload?: InjectOptions['payload'], headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: InjectOptions['payload'], headers?: Record<string, string>) => send('POST', url, payload ?? {}, headers),
    patch: (url: string, payload?: InjectOptions['payload']) => send('PATCH', url, payload ?? {}),
    delete: (url: string) => send('DELETE', url),
  };
}
