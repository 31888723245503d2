import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the part of the Stripe API Vigil uses (prices by lookup key, coupons, Checkout
 * Sessions, subscriptions, the customer portal), for the real `stripe` SDK pointed at it through its
 * host/port/protocol options. It keeps state like Stripe does and, for what happens at Stripe's side (a
 * Checkout paid, a renewal, a failed payment, a cancellation in the portal, the period end), produces the
 * webhook events Stripe would send, shaped as in Stripe's 2025 API, for the test to deliver signed.
 * Hand-written: Stripe publishes no maintained local emulator (stripe-mock answers fixtures and keeps no state).
 */

interface Price { id: string; object: 'price'; lookup_key: string; unit_amount: number; currency: string; recurring: { interval: string } }
interface Sub {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  discounts: string[];
  cancellation_details?: { comment: string | null; feedback: string | null; reason: string };
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: Price; current_period_start: number; current_period_end: number }[] };
}
interface Session { id: string; object: 'checkout.session'; url: string; mode: string; customer: string | null; subscription: string | null; payment_status: string; metadata: Record<string, string>; client_reference_id: string | null; price: string; coupon?: string; subscriptionMetadata: Record<string, string> }
export interface FakeEvent { id: string; object: 'event'; type: string; created: number; livemode: false; data: { object: unknown } }
export interface FakeRequest { method: string; path: string; form: URLSearchParams; auth?: string; idempotencyKey?: string }

const DAY = 86_400;

export async function startStripeFake() {
  let n = 0;
  const next = (prefix: string) => `${prefix}_${(++n).toString().padStart(6, '0')}`;
  const prices = new Map<string, Price>();
  const coupons = new Map<string, { id: string; object: 'coupon'; percent_off: number; duration: string }>();
  const sessions = new Map<string, Session>();
  const subs = new Map<string, Sub>();
  const requests: FakeRequest[] = [];
  const events: FakeEvent[] = [];
  let clock = Math.floor(Date.now() / 1000);

  const event = (type: string, object: unknown) => events.push({ id: next('evt'), object: 'event', type, created: clock, livemode: false, data: { object } });
  const percentOf = (coupon?: string) => (coupon ? (coupons.get(coupon)?.percent_off ?? 0) : 0);
  const discounted = (cents: number, coupon?: string) => Math.round(cents * (1 - percentOf(coupon) / 100));

  /** An invoice of a subscription with lines `[amount, proration]`, paid or failed. */
  function invoice(sub: Sub, reason: string, lines: { amount: number; proration: boolean }[], paid: boolean) {
    const item = sub.items.data[0]!;
    const coupon = sub.discounts[0];
    const shaped = lines.map((l) => {
      const discount = l.amount - discounted(l.amount, coupon);
      return {
        id: next('il'),
        object: 'line_item',
        amount: l.amount,
        discount_amounts: discount ? [{ amount: discount, discount: `di_${coupon}` }] : [],
        period: { start: item.current_period_start, end: item.current_period_end },
        parent: { type: 'subscription_item_details', subscription_item_details: { subscription: sub.id, subscription_item: item.id, proration: l.proration } },
      };
    });
    const total = shaped.reduce((s, l) => s + l.amount - l.discount_amounts.reduce((d, x) => d + x.amount, 0), 0);
    return {
      id: next('in'),
      object: 'invoice',
      customer: sub.customer,
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      amount_due: total,
      amount_paid: paid ? total : 0,
      lines: { object: 'list', data: shaped },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
    };
  }

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });

  function route(method: string, path: string, query: URLSearchParams, form: URLSearchParams): [number, unknown] {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/v1/prices') {
      const keys = query.getAll('lookup_keys[0]').concat(query.getAll('lookup_keys[]'));
      return [200, { object: 'list', data: [...prices.values()].filter((p) => keys.includes(p.lookup_key)), has_more: false, url: '/v1/prices' }];
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price: Price = { id: next('price'), object: 'price', lookup_key: form.get('lookup_key')!, unit_amount: Number(form.get('unit_amount')), currency: form.get('currency')!, recurring: { interval: form.get('recurring[interval]')! } };
      const taken = [...prices.values()].find((p) => p.lookup_key === price.lookup_key);
      if (taken && form.get('transfer_lookup_key') !== 'true') {
        return [400, { error: { type: 'invalid_request_error', message: `A price (${taken.id}) already uses that lookup key.` } }];
      }
      // transfer_lookup_key: the new price takes the key over; the old one keeps its subscriptions.
      if (taken) prices.set(taken.id, { ...taken, lookup_key: '' });
      prices.set(price.id, price);
      return [200, price];
    }
    if ((m = path.match(/^\/v1\/coupons\/([\w-]+)$/)) && method === 'GET') {
      const c = coupons.get(m[1]!);
      return c ? [200, c] : [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such coupon: '${m[1]}'` } }];
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const c = { id: form.get('id')!, object: 'coupon' as const, percent_off: Number(form.get('percent_off')), duration: form.get('duration')! };
      coupons.set(c.id, c);
      return [200, c];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = next('cs_test');
      const meta = (prefix: string) => Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));
      const s: Session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: form.get('mode')!,
        customer: form.get('customer'),
        subscription: null,
        payment_status: 'unpaid',
        metadata: meta('metadata'),
        subscriptionMetadata: meta('subscription_data[metadata]'),
        client_reference_id: form.get('client_reference_id'),
        price: form.get('line_items[0][price]')!,
        coupon: form.get('discounts[0][coupon]') ?? undefined,
      };
      sessions.set(id, s);
      return [200, s];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/(\w+)$/))) {
      const sub = subs.get(m[1]!);
      if (!sub) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } }];
      if (method === 'GET') return [200, sub];
      if (method === 'DELETE') {
        // Cancel now (Stripe's DELETE /v1/subscriptions/:id): a subscription already ended cannot be cancelled again.
        if (sub.status === 'canceled') return [400, { error: { type: 'invalid_request_error', message: 'This subscription has already been canceled.' } }];
        sub.status = 'canceled';
        sub.cancellation_details = { comment: form.get('cancellation_details[comment]'), feedback: form.get('cancellation_details[feedback]'), reason: 'cancellation_requested' };
        event('customer.subscription.deleted', structuredClone(sub));
        return [200, sub];
      }
      const item = sub.items.data[0]!;
      const newPrice = prices.get(form.get('items[0][price]') ?? '') ?? item.price;
      if (form.get('items[0][id]') && form.get('items[0][id]') !== item.id) return [400, { error: { type: 'invalid_request_error', message: 'unknown item' } }];
      const old = item.price;
      item.price = newPrice;
      // `discounts=` (empty) removes the discounts; `discounts[0][coupon]` replaces them.
      if (form.get('discounts') === '') sub.discounts = [];
      const coupon = form.get('discounts[0][coupon]');
      if (coupon) sub.discounts = [coupon];
      if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      for (const [k, v] of form.entries()) if (k.startsWith('metadata[')) sub.metadata[k.slice(9, -1)] = v;
      if (form.get('proration_behavior') === 'always_invoice' && newPrice.unit_amount !== old.unit_amount) {
        // Half the period left: credit half the old price, charge half the new one, invoiced at once.
        const inv = invoice(sub, 'subscription_update', [
          { amount: -Math.round(old.unit_amount / 2), proration: true },
          { amount: Math.round(newPrice.unit_amount / 2), proration: true },
        ], true);
        event('invoice.paid', inv);
      }
      event('customer.subscription.updated', structuredClone(sub));
      return [200, sub];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [200, { id: next('bps'), object: 'billing_portal.session', customer: form.get('customer'), return_url: form.get('return_url'), url: `https://billing.stripe.test/p/session/${n}` }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `fake: no route ${method} ${path}` } }];
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await read(req);
    // The SDK sends a GET's and a DELETE's parameters in the query string, the others' in the body.
    const form = new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : body);
    requests.push({ method: req.method!, path: url.pathname, form, auth: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    const [status, reply] = route(req.method!, url.pathname, url.searchParams, form);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${n}` }).end(JSON.stringify(reply));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));

  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Events produced and not yet taken by `take()`. */
    events,
    take: () => events.splice(0, events.length),
    sessions,
    /** Prices by id (a price whose lookup key moved to a newer one has an empty key). */
    prices,
    subscriptions: subs,
    advance: (seconds: number) => (clock += seconds),
    /** The customer pays a Checkout Session: customer and subscription created, session completed, first invoice paid. */
    payCheckout(sessionId: string) {
      const s = sessions.get(sessionId)!;
      const customer = s.customer ?? next('cus');
      const price = prices.get(s.price)!;
      const sub: Sub = {
        id: next('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata: { ...s.subscriptionMetadata },
        discounts: s.coupon ? [s.coupon] : [],
        items: { object: 'list', data: [{ id: next('si'), object: 'subscription_item', price, current_period_start: clock, current_period_end: clock + 30 * DAY }] },
      };
      subs.set(sub.id, sub);
      Object.assign(s, { customer, subscription: sub.id, payment_status: 'paid' });
      event('checkout.session.completed', { ...s });
      event('invoice.paid', invoice(sub, 'subscription_create', [{ amount: price.unit_amount, proration: false }], true));
      return sub;
    },
    /** The period ends: a renewal invoice for the current price, paid (or failed). */
    renew(subId: string, paid = true) {
      const sub = subs.get(subId)!;
      const item = sub.items.data[0]!;
      clock = item.current_period_end;
      if (sub.cancel_at_period_end) {
        sub.status = 'canceled';
        event('customer.subscription.deleted', structuredClone(sub));
        return;
      }
      item.current_period_start = clock;
      item.current_period_end = clock + 30 * DAY;
      event(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice(sub, 'subscription_cycle', [{ amount: item.price.unit_amount, proration: false }], paid));
      if (!paid) sub.status = 'past_due';
    },
    /** The customer cancels in the portal: at the period end, as the portal is configured. */
    cancelInPortal(subId: string) {
      const sub = subs.get(subId)!;
      sub.cancel_at_period_end = true;
      event('customer.subscription.updated', structuredClone(sub));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
