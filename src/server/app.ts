// createApp(deps): the whole HTTP surface. main.ts serves it; tests call it in-process.
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { clientIp } from './auth/routes';
import { API_ROUTERS } from './api-routes';
import { ZodError } from 'zod';
import type { AppDeps, AppEnv } from './http/context';
import { AppError, validationError } from './http/errors';
import { hasNulCode, NUL_MESSAGE } from './http/nul';
import { completeDocument } from './http/openapi-document';
import { errorFields } from './logger';
import { assetResponse, htmlResponse, forServerRendering, type StaticAssets } from './http/static-assets';
import { RESULTS_PAGE, SERVER_RENDERED, serverRenderedPage } from './http/server-render';
import { publicResults } from './next-year/results';
import { firstRunToken, isClientPath } from '../shared/client-paths';
import { WITHOUT_OPENER_POLICY } from '../shared/opener-policy';
import { isSetupTokenValid } from './setup/service';
import { listOpenEvents } from './events/service';
import { eventContext } from './events/routes';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../shared/image-rules';
import { IMAGE_UPLOAD_PATH } from './images/routes';
import { installMetrics } from './metrics/metrics';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const BODY_LIMIT_BYTES = 100 * 1024;
/** An image upload: the largest file accepted and room for the form around it. */
export const UPLOAD_LIMIT_BYTES = IMAGE_MAX_BYTES + 64 * 1024;

export function createApp(deps: AppDeps, options: { assets?: StaticAssets } = {}) {
  const { config, logger } = deps;
  const app = new OpenAPIHono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // R52: GET /metrics and the timing of every request, when METRICS_TOKEN is set (first: it sees every answer).
  installMetrics(app, deps);
  // Every answer's security headers; the public board's document alone goes without Cross-Origin-Opener-Policy
  // (docs/decisions/134): the same headers but that one, chosen by path.
  const headerOptions: NonNullable<Parameters<typeof secureHeaders>[0]> = {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: config.secure ? 'max-age=63072000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
    // The camera for our own pages only: the check-in page's Scan reads golfers' QR codes (R61, docs/decisions/116).
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
  };
  const everyAnswersHeaders = secureHeaders(headerOptions);
  const boardDocumentsHeaders = secureHeaders({ ...headerOptions, crossOriginOpenerPolicy: false });
  app.use('*', (c, next) => (c.req.path === WITHOUT_OPENER_POLICY ? boardDocumentsHeaders : everyAnswersHeaders)(c, next));
  app.use('/api/*', clientIp);
  // A write answers only once no process can serve what it changed from a cache: an ended session (R33), a user's cached
  // answers (per-user-cache.ts) or the organisation's settings. On PostgreSQL that is a barrier every process acknowledges
  // (session-changes.ts settle(); docs/decisions/065); on PGlite it is already so at commit. Every write waits unless it
  // wrote nothing (`wroteNothing`, set where it is refused: a sell-out's hundreds of refusals then answer without a barrier
  // each) or its route declares that what it writes is cached by no process (defineRoute's `writesCachedData: false`, e.g.
  // an auction's bids, whose barrier each was most of a bid's answer time: decisions 117 and 125).
  app.use('/api/*', async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    try {
      await next();
    } finally {
      if (!c.get('wroteNothing') && c.get('writesCachedData') !== false) await deps.sessions.settle();
    }
  });
  // State-changing requests must come from our own pages (CSRF): a foreign Origin, or a cross-site fetch, is refused.
  // This 403, the body cap's 413 and onError's 500 are declared on every operation they apply to by the document builder
  // (openapi-document.ts sharedAnswers): a change here is a change there.
  app.use('/api/*', async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if ((origin && origin !== config.appOrigin) || site === 'cross-site') {
        logger.warn('refused: foreign origin', {
          method: c.req.method,
          path: c.req.path,
          origin: origin ?? null,
          client: c.var.clientIp,
        });
        // The portal opened at another address than APP_URL (its IP, say) is refused too: say where it lives.
        throw new AppError('FORBIDDEN', `Requests from other sites are not allowed: open the portal at ${config.appOrigin}`);
      }
    }
    await next();
  });
  // Each cap once: its size and its refusal, used by bodyLimit (a body counted as it arrives) and by the header check below.
  const tooLarge = (message: string) => () => {
    throw new AppError('PAYLOAD_TOO_LARGE', message);
  };
  const caps = {
    body: { maxSize: BODY_LIMIT_BYTES, refuse: tooLarge('The request is too large') },
    // An image upload's multipart body may carry a 2 MB file; anything else sent there has the usual cap.
    upload: { maxSize: UPLOAD_LIMIT_BYTES, refuse: tooLarge(IMAGE_MESSAGES.tooBig) },
  };
  const bodyCap = bodyLimit({ maxSize: caps.body.maxSize, onError: caps.body.refuse });
  const uploadCap = bodyLimit({ maxSize: caps.upload.maxSize, onError: caps.upload.refuse });
  app.use('/api/*', (c, next) => {
    // A GET or HEAD has no body to cap (bodyLimit lets them through).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const upload =
      c.req.method === 'POST' &&
      c.req.path.replace(/\/$/, '') === IMAGE_UPLOAD_PATH &&
      /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '');
    // A declared length is decided from the header alone, as bodyLimit itself decides it, but without touching the
    // request's body first: on @hono/node-server that builds a web Request with a stream around the socket, which was a
    // tenth of the server's CPU in a registration race (docs/decisions/065); the route then reads the body straight
    // from the socket. A chunked body (no length) is still counted by bodyLimit as it arrives.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      const cap = upload ? caps.upload : caps.body;
      if (parseInt(length, 10) > cap.maxSize) cap.refuse();
      return next();
    }
    return (upload ? uploadCap : bodyCap)(c, next);
  });

  // Typed as a plain router here: the app's own type need not carry every route (the client reads them from ApiSchema).
  for (const [path, routes] of API_ROUTERS) app.route(path, routes as OpenAPIHono<AppEnv>);

  // Built on first request (every route is registered by then) and kept: the routes do not change while the process runs.
  let openApiDocument: string | undefined;
  app.get('/api/openapi.json', (c) => {
    openApiDocument ??= JSON.stringify(
      completeDocument(
        app.getOpenAPI31Document({
          openapi: '3.1.0',
          info: {
            title: 'Golf tournament portal API',
            version: '1.0.0',
            description:
              'JSON under /api. Every operation states who may call it in `x-access` (public, signed-in, staff, admin) and as a security requirement (the session cookie).',
          },
        }) as never,
        config,
        { bodyLimitBytes: BODY_LIMIT_BYTES },
      ),
    );
    return c.body(openApiDocument, 200, { 'content-type': 'application/json' });
  });

  // R41's calendar address, as the event page links it: the same answer as its API route (events/routes.ts).
  app.get('/events/:file', async (c, next) => {
    const id = /^([0-9a-f-]{36})\.ics$/i.exec(c.req.param('file'))?.[1];
    if (!id) return next();
    return app.request(`/api/events/${id}/calendar`, { headers: c.req.raw.headers }, c.env);
  });

  app.all('/api/*', (c) => {
    throw new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`);
  });

  const assets = options.assets;
  if (assets) {
    app.get('*', async (c) => {
      const asset = assets.get(c.req.path);
      const encoding = c.req.header('accept-encoding');
      if (asset && c.req.path !== '/index.html') return assetResponse(asset, encoding);
      const index = assets.get(`page:${c.req.path}`) ?? assets.get('/index.html');
      if (!index || c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
      // R59: a results page of an unknown, malformed or unfinished tournament is a 404 (the page says why).
      let results: unknown;
      if (c.req.path.startsWith('/results/')) {
        const id = RESULTS_PAGE.exec(c.req.path)?.[1];
        const context = {
          now: deps.now(),
          timeZone: deps.config.timeZone,
          organisation: (await deps.organisation.read()).name,
          currency: deps.config.currency,
        };
        results = id
          ? await publicResults(deps.database.db, id, context).catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
              throw error;
            })
          : null;
        if (results === null) return assetResponse(index, encoding, 404);
      }
      if (SERVER_RENDERED.has(c.req.path) || results) {
        const search = new URL(c.req.url).search;
        const html = await serverRenderedPage(forServerRendering(index, assets), c.req.path, search, {
          db: deps.database.db,
          leaderboardFeed: deps.leaderboardFeed,
          events: async () => ({
            events: await listOpenEvents(deps.database.db, await eventContext(deps)),
            currency: deps.config.currency,
          }),
          appUrl: deps.config.appUrl,
          results,
        }).catch((error: unknown) => {
          // The page still works without it: the browser renders it, as before.
          deps.logger.error('server render failed', { path: c.req.path, error: (error as Error).stack ?? String(error) });
          return null;
        });
        if (html) return htmlResponse(html, encoding);
      }
      // The first-run page exists only while its token works (R50): 404 for a used, expired or unknown one.
      const setupToken = firstRunToken(c.req.path);
      if (setupToken !== null) {
        const valid = await isSetupTokenValid(deps.database.db, setupToken, deps.now());
        return assetResponse(index, encoding, valid ? 200 : 404);
      }
      // /index.html is the app shell the service worker keeps for offline pages.
      return assetResponse(index, encoding, isClientPath(c.req.path) || c.req.path === '/index.html' ? 200 : 404);
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      // Every refusal, whether the route's role guard or a service's ownership or lock check, is logged with the caller,
      // and every per-address or per-account limit's with the client's address (R48: behind a proxy, the forwarded one).
      if (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN') {
        const viewer = c.get('viewer');
        logger.warn('access refused', {
          method: c.req.method,
          path: c.req.path,
          userId: viewer?.userId ?? null,
          role: viewer?.role ?? null,
          reason: error.message,
          client: c.get('clientIp') ?? null,
        });
      } else if (error.code === 'RATE_LIMITED') {
        logger.warn('refused: rate limit', {
          method: c.req.method,
          path: c.req.path,
          reason: error.message,
          client: c.get('clientIp') ?? null,
        });
      }
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      const body = new AppError('BAD_REQUEST', error.message || 'Bad request').toBody();
      return c.json(body, error.status);
    }
    if (error instanceof ZodError) return c.json(validationError(error.issues).toBody(), 400);
    if (error instanceof SyntaxError) return c.json(new AppError('BAD_REQUEST', 'The request body is not valid JSON').toBody(), 400);
    // A NUL the route's schema did not see (PostgreSQL refuses it in text: 22021 / 22P05) is bad input, not a fault.
    if (hasNulCode(error)) return c.json(new AppError('VALIDATION', NUL_MESSAGE, { _: NUL_MESSAGE }).toBody(), 400);
    // The route, the user and the error's kind and code: never its message (a failed query's carries its parameters).
    logger.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      userId: c.get('viewer')?.userId ?? null,
      client: c.get('clientIp') ?? null,
      ...errorFields(error),
    });
    return c.json(new AppError('INTERNAL', 'Something went wrong. Please try again.').toBody(), 500);
  });
  app.notFound((c) => c.json(new AppError('NOT_FOUND', 'Not found').toBody(), 404));

  return app;
}
export type App = ReturnType<typeof createApp>;
