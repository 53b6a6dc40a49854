import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { PaypalPort } from './paypal.port';

/** What the PayPal checkout and its order opening are built from (a file of its own: no import cycle). */
export interface PaypalCheckoutLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PaypalCheckoutDeps {
  db: Db;
  clock: Clock;
  paypal: PaypalPort;
  publicUrl: string;
  log: PaypalCheckoutLog;
}
