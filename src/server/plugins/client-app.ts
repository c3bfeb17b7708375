import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiTransport } from '#shared/api-transport.js';
import { titleForHeading } from '#shared/page-title.js';
import { AppError } from '#server/app-error.js';
import { afterFirstAnswer } from './after-first-answer.js';
import { decodedPath } from './matched-route.js';

/**
 * The server's page renderer: src/client/server-render.tsx as `vite build --ssr` writes it to
 * dist/ssr (client-app.test.ts checks that the two agree).
 */
export interface PageRenderer<State = unknown> {
  renderPage(url: string, transport: ApiTransport): Promise<{ markup: string; state: State } | null>;
  serializeState(state: State): string;
}

/** Statuses whose answers have no body, which a Response refuses one for. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** A page that takes longer than this to render is left to the browser. */
const RENDER_TIMEOUT_MS = 2000;

const EMPTY_ROOT = '<div id="root"></div>';

/** Decided on the path as the router reads it, so /%61pi/nothing is a missing API address too (decision 039). */
const isApiPath = (url: string) => {
  const path = decodedPath(url);
  return path === '/api' || path.startsWith('/api/');
};

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The document with the rendered page's title: its first heading's text (escaped markup, which
 * stays escaped inside <title>), as the browser would set it (src/shared/page-title.ts).
 */
function withTitle(html: string, markup: string): string {
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(markup)?.[1]?.replace(/<[^>]*>/g, '');
  return html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${titleForHeading(heading)}</title>`);
}

/**
 * The app's GET requests answered in-process (Fastify's inject), as the visitor of `request`: the
 * same routes, permissions and session as over HTTP, without leaving the process.
 */
export function transportFor(app: FastifyInstance, request: Pick<FastifyRequest, 'id' | 'ip' | 'headers'>): ApiTransport {
  return async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`The page renderer only reads: ${init.method} ${url}`);
    const answer = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      // The page's request id, so that the log lines of its API requests are found with the page's.
      headers: { accept: 'application/json', 'x-request-id': request.id, ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NULL_BODY_STATUSES.has(answer.statusCode) ? null : answer.payload, { status: answer.statusCode, headers });
  };
}

/** The renderer from the build, or null when the build has none (a client-only build, the tests' fake). */
async function loadPageRenderer(app: FastifyInstance, clientDir: string): Promise<PageRenderer | null> {
  const entry = path.join(clientDir, '..', 'ssr', 'server-render.js');
  if (!existsSync(entry)) return null;
  try {
    return (await import(pathToFileURL(entry).href)) as PageRenderer;
  } catch (error) {
    app.log.error({ err: error }, 'the page renderer failed to load; every page is rendered by the browser');
    return null;
  }
}

/**
 * Serves the built React app: hashed assets cached for a year, every other non-API GET answered
 * with the app's HTML (never cached) so the client router takes over (deep links, reloads): the home
 * page's prerendered markup for `/`, the browsing pages rendered here with their data
 * (docs/decisions/021-server-rendered-pages.md), the document with an empty root for any other
 * path. The build writes a .br and a .gz beside every text file (vite.config.ts), sent as they are
 * to a browser that accepts them; only the rendered pages are compressed as they go out.
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string | null) {
  const hasClient = clientDir !== null && existsSync(path.join(clientDir, 'index.html'));
  // Loaded after the server's first answer, so that it does not hold up the start (about 150 ms of CPU;
  // docs/decisions/032-initial-load-and-cold-start.md); a page asked for before then loads it, and waits.
  let renderer: Promise<PageRenderer | null> | undefined;
  const loadRenderer = () => (renderer ??= hasClient ? loadPageRenderer(app, clientDir) : Promise.resolve(null));
  afterFirstAnswer(app, () => void loadRenderer());
  const appHtml = hasClient ? readFileSync(path.join(clientDir, 'app.html'), 'utf8') : '';
  // A page can only be rendered into a document with the empty root to fill.
  const canRender = appHtml.includes(EMPTY_ROOT);

  /** A page rendered by the server (server-render.tsx) in app.html, or null to leave it to the browser. */
  async function renderedPage(request: FastifyRequest, pathname: string): Promise<string | null> {
    const pages = canRender ? await loadRenderer() : null;
    if (!pages) return null;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    try {
      const page = await Promise.race([pages.renderPage(request.url, transportFor(app, request)), timeout]);
      if (!page) return null;
      const root = `<div id="root" data-prerendered="${escapeAttribute(pathname)}">${page.markup}</div><script type="application/json" id="finishline-state">${pages.serializeState(page.state)}</script>`;
      return withTitle(appHtml, page.markup).replace(EMPTY_ROOT, () => root);
    } catch (error) {
      request.log.error({ err: error }, 'rendering the page failed; the browser renders it');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  if (hasClient) {
    // One wildcard route for the hashed assets, not a route per file: listing the build's files
    // (a glob over some 800) and adding two routes for each took about a second of a cold start on a
    // slow machine (issue 33). index.html and app.html are sent by the page route below.
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      // One wildcard route, no listing of the files: the server's build bundles @fastify/static without glob (scripts/build-server.mjs).
      wildcard: true,
      index: false,
      preCompressed: true,
      // Off so that setHeaders decides: send's own default ('public, max-age=0') would override it.
      cacheControl: false,
      // The compressed twins are reached through Accept-Encoding only, not as files of their own.
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding (preCompressed), which caches must take into account.
        res.setHeader('vary', 'accept-encoding');
      },
    });

    // Every other GET is a page of the app: a route rather than the not-found handler, so that the
    // compression plugin (which hooks into routes) compresses the pages the server renders.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isApiPath(request.url)) throw new AppError('NOT_FOUND', 'Not found');
      // A chunk that is gone (an older build's) must fail as a script, not load a page in its place.
      if (decodedPath(request.url).startsWith('/assets/')) throw new AppError('NOT_FOUND', 'Not found');
      reply.header('cache-control', 'no-cache');
      // The build prerendered the home page into index.html; app.html is the same document with an
      // empty root, for every other page (vite.config.ts), which the server fills for the pages it
      // renders with their data.
      const pathname = request.url.split('?', 1)[0]!;
      if (pathname === '/') return reply.sendFile('index.html', clientDir);
      const page = request.method === 'GET' ? await renderedPage(request, pathname) : null;
      if (page === null) return reply.sendFile('app.html', clientDir);
      // The page holds the visitor's own data: no shared cache may keep it.
      return reply.header('cache-control', 'private, no-cache').header('vary', 'cookie').type('text/html; charset=utf-8').send(page);
    });
  }

  app.setNotFoundHandler(async (request) => {
    // A missing asset (an older build's chunk) is not a page either.
    const isPage = hasClient && !isApiPath(request.url) && !decodedPath(request.url).startsWith('/assets/');
    throw new AppError('NOT_FOUND', isPage ? 'Page not found' : 'Not found');
  });
}
