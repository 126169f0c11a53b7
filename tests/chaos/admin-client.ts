import { randomUUID } from 'node:crypto';
import type { AdminCountApplyOp, AdminEditOp, AdminOutcome, AdminTransferOp } from './history.ts';
import type { Rng } from './prng.ts';

/**
 * An admin working through the API beside the tablets, through the same faulty proxy. Each write
 * carries an Idempotency-Key and is re-sent with that key (and the same body) while its outcome
 * is unknown, as the outbox does; after the last try the outcome stays unknown and the checker
 * asks only that it was applied at most once. Two editors keep their own view of the products
 * and refresh it only now and then, so some edits start from a stale version: a conflict rule
 * must refuse those that change a field changed since (rule c).
 */
export interface ProductView {
  _id: string;
  name: string;
  description: string;
  price: number;
  quantity: number;
  version: number;
  location?: string | null;
}

export interface AdminEditor {
  name: string;
  userId: string;
  email: string;
  password: string;
  /** Replaced by a new sign-in when the server answers 401 (the run's tokens live 2 minutes). */
  token: string;
  /** How many times this admin signed in again after a 401. */
  reLogins: number;
  view: Map<string, ProductView>;
}

/** Signs the admin in again (through the proxy, so it may fail: the caller retries). */
async function signInAgain(baseUrl: string, editor: AdminEditor): Promise<void> {
  try {
    const response = await fetch(`${baseUrl}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: editor.email, password: editor.password }),
      signal: AbortSignal.timeout(8_000),
    });
    if (!response.ok) return;
    const { token } = (await response.json()) as { token: string };
    editor.token = token;
    editor.reLogins += 1;
  } catch {
    // unreachable now: the next try signs in again
  }
}

const inFlightMessage = /still being processed/i;

export class AdminUnreachable extends Error {}

/** One idempotent write with retries: the final status and body, or unknown. */
export async function sendIdempotent(
  baseUrl: string,
  editor: AdminEditor,
  method: string,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
  tries = 6,
): Promise<AdminOutcome> {
  const key = headers['idempotency-key'] ?? randomUUID();
  for (let attempt = 0; attempt < tries; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}/api/v1/${route}`, {
        method,
        headers: {
          authorization: `Bearer ${editor.token}`,
          'content-type': 'application/json',
          ...headers,
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(8_000),
      });
      const text = await response.text();
      if (response.status === 401) {
        // The token expired: nothing was applied; sign in again and send the same key again.
        await signInAgain(baseUrl, editor);
        continue;
      }
      const parsed: unknown = text ? JSON.parse(text) : undefined;
      const retryable =
        response.status >= 500 ||
        response.status === 429 ||
        response.status === 408 ||
        (response.status === 409 && inFlightMessage.test(text));
      if (!retryable) return { status: response.status, body: parsed };
    } catch {
      // no answer, a cut answer or a timeout: the outcome is unknown, send again
    }
    await new Promise((resolve) => setTimeout(resolve, 500 + attempt * 700));
  }
  return { status: 'unknown' };
}

/** Reads a department's products into the editor's view; false when the read failed. */
export async function refreshView(
  baseUrl: string,
  editor: AdminEditor,
  department: string,
): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/v1/${department}/products`, {
      headers: { authorization: `Bearer ${editor.token}` },
      signal: AbortSignal.timeout(8_000),
    });
    if (response.status === 401) await signInAgain(baseUrl, editor);
    if (!response.ok) return false;
    for (const product of (await response.json()) as ProductView[]) {
      editor.view.set(product._id, product);
    }
    return true;
  } catch {
    return false;
  }
}

let lastMadeAt = 0;
let priceCounter = 0;

/** A unique X-Made-At per edit (its audit entry is found by it). */
function uniqueMadeAt(): string {
  lastMadeAt = Math.max(Date.now(), lastMadeAt + 1);
  return new Date(lastMadeAt).toISOString();
}

/**
 * An edit from the editor's view: a new price (never used before, so it is always a change) or
 * a restock (quantity + n). `baseVersion` is the version of the view, stale or not.
 */
export async function editProduct(
  baseUrl: string,
  editor: AdminEditor,
  department: string,
  rng: Rng,
): Promise<AdminEditOp | null> {
  const products = [...editor.view.values()];
  if (products.length === 0) return null;
  const seen = rng.pick(products);
  const restock = rng.chance(0.25);
  priceCounter += 1;
  const price = restock ? seen.price : 10_000 + priceCounter * 10 + rng.int(1, 9);
  const quantity = restock ? seen.quantity + rng.int(5, 20) : seen.quantity;
  const sent = {
    name: seen.name,
    description: seen.description,
    price,
    quantity,
    baseVersion: seen.version,
    baseQuantity: seen.quantity,
    // What the editor saw (decision 0025): a field someone changed since, which this edit also
    // changes, is refused as a conflict instead of overwritten.
    base: {
      name: seen.name,
      description: seen.description,
      price: seen.price,
      quantity: seen.quantity,
    },
  };
  const key = randomUUID();
  const madeAt = uniqueMadeAt();
  const outcome = await sendIdempotent(
    baseUrl,
    editor,
    'PUT',
    `${department}/products/${seen._id}`,
    sent,
    { 'idempotency-key': key, 'x-made-at': madeAt },
  );
  const product = (outcome as { body?: { product?: ProductView } }).body?.product;
  if (product) editor.view.set(product._id, product);
  return {
    key,
    userId: editor.userId,
    department,
    productId: seen._id,
    baseVersion: seen.version,
    seen: restock
      ? { price: seen.price, quantity: seen.quantity }
      : { name: seen.name, description: seen.description, price: seen.price },
    sent,
    madeAt,
    outcome,
  };
}

/** A transfer of a few units from Main Store to a deck (godown), by the admin. */
export async function transferStock(
  baseUrl: string,
  editor: AdminEditor,
  origins: ProductView[],
  rng: Rng,
): Promise<AdminTransferOp | null> {
  if (origins.length === 0) return null;
  const product = rng.pick(origins);
  const transferId = randomUUID();
  const key = randomUUID();
  const quantity = rng.int(1, 6);
  const outcome = await sendIdempotent(
    baseUrl,
    editor,
    'POST',
    'godown/inventory-movement',
    {
      _id: transferId,
      productId: product._id,
      transferQuantity: quantity,
      origin: 'Main Store',
      destination: rng.pick(['Deck A', 'Deck B']),
      reason: 'Chaos run restock of a deck',
    },
    { 'idempotency-key': key },
  );
  return { key, transferId, productId: product._id, quantity, outcome };
}

interface CountJson {
  _id: string;
  status: string;
}

/** Applies one submitted count of the department (an admin's online action), if there is one. */
export async function applySubmittedCount(
  baseUrl: string,
  editor: AdminEditor,
  department: string,
  rng: Rng,
): Promise<AdminCountApplyOp | null> {
  let counts: CountJson[];
  try {
    const response = await fetch(`${baseUrl}/api/v1/${department}/stock-counts`, {
      headers: { authorization: `Bearer ${editor.token}` },
      signal: AbortSignal.timeout(8_000),
    });
    if (response.status === 401) await signInAgain(baseUrl, editor);
    if (!response.ok) return null;
    counts = (await response.json()) as CountJson[];
  } catch {
    return null;
  }
  const submitted = counts.filter((count) => count.status === 'submitted');
  if (submitted.length === 0) return null;
  const count = rng.pick(submitted);
  const key = randomUUID();
  const outcome = await sendIdempotent(
    baseUrl,
    editor,
    'POST',
    `${department}/stock-counts/${count._id}/apply`,
    {},
    { 'idempotency-key': key },
  );
  return { key, countId: count._id, outcome };
}
