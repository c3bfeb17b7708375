import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/**
 * A local stand-in for the Stripe HTTP API: records what the SDK sends and answers the few
 * resources Finishline uses with Stripe-shaped JSON. Replays an idempotency key like Stripe does.
 */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, unknown>();
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  // What was created, so a later GET (the reconciliation) reads it back.
  const transfers = new Map<string, { id: string; amount: number }>();
  const refunds = new Map<string, { id: string; amount: number }>();
  const made = <T extends { id: string; amount: number }>(store: Map<string, { id: string; amount: number }>, object: T): [number, T] => {
    store.set(object.id, object);
    return [200, object];
  };

  const answer = (method: string, path: string, form: URLSearchParams): [number, unknown] => {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      return [
        200,
        {
          id: sessionId,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/${sessionId}`,
          expires_at: now() + 86_400,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
        },
      ];
    }
    const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && intent)
      return [200, { id: intent[1], object: 'payment_intent', status: 'succeeded', amount_received: 75_000, latest_charge: 'ch_test_123' }];
    if (method === 'POST' && path === '/v1/accounts') return [200, { id: id('acct'), object: 'account', details_submitted: false, payouts_enabled: false }];
    if (method === 'POST' && path === '/v1/account_links')
      return [200, { object: 'account_link', url: `https://connect.stripe.test/setup/${form.get('account')}`, expires_at: now() + 300 }];
    const account = /^\/v1\/accounts\/([\w]+)$/.exec(path);
    if (method === 'GET' && account) return [200, { id: account[1], object: 'account', details_submitted: true, payouts_enabled: true }];
    if (method === 'POST' && path === '/v1/transfers')
      return made(transfers, { id: id('tr'), object: 'transfer', amount: Number(form.get('amount')), destination: form.get('destination') });
    if (method === 'POST' && path === '/v1/refunds')
      return made(refunds, { id: id('re'), object: 'refund', amount: Number(form.get('amount')), status: 'succeeded' });
    const made_ = /^\/v1\/(transfers|refunds)\/([\w]+)$/.exec(path);
    if (method === 'GET' && made_) {
      const found = (made_[1] === 'transfers' ? transfers : refunds).get(made_[2]!);
      if (found) return [200, found];
      return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${made_[1]!.slice(0, -1)}: '${made_[2]}'` } }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey, authorization: req.headers.authorization });
      let status = 200;
      let body: unknown;
      if (idempotencyKey && replies.has(idempotencyKey)) body = replies.get(idempotencyKey);
      else {
        [status, body] = answer(req.method ?? '', url.pathname, form);
        if (idempotencyKey && status === 200) replies.set(idempotencyKey, body);
      }
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
