// The Stripe client (R23), pointed at STRIPE_API_URL when set (stripe-mock, the tests' fake), else at Stripe itself.
import Stripe from 'stripe';
import type { StripeConfig } from '../config';

export type StripeClient = Stripe;

export function createStripeClient(config: StripeConfig): StripeClient {
  const url = config.apiUrl;
  if (!url) return new Stripe(config.secretKey, { maxNetworkRetries: 2, telemetry: false });
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'https' ? 443 : 80)),
    protocol,
    maxNetworkRetries: 1,
    telemetry: false,
  });
}
