import { adminEmail, adminPassword, type TestServer } from '../e2e/fixtures/server.ts';
import { api } from '../e2e/fixtures/api.ts';
import { createProduct } from '../e2e/fixtures/catalog-api.ts';
import type { AdminEditor, ProductView } from './admin-client.ts';
import type { Rng } from './prng.ts';
import type { TabletSpec } from './tablet.ts';

/**
 * The world of a chaos run, made straight on the server (not through the proxy): two admins
 * (two editors with their own views), two hardware employees, one godown employee and one
 * printing employee, six hardware products and four godown products at Main Store.
 */
export interface ChaosWorld {
  editors: AdminEditor[];
  tablets: TabletSpec[];
  products: Record<string, ProductView[]>;
}

interface LoginAnswer {
  _id: string;
  token: string;
}

async function login(baseUrl: string, email: string, password: string): Promise<LoginAnswer> {
  const response = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return (await response.json()) as LoginAnswer;
}

const threeDaysMs = 3 * 24 * 60 * 60 * 1000;

export async function buildWorld(server: TestServer, rng: Rng): Promise<ChaosWorld> {
  const base = server.url;
  const root = await login(base, adminEmail, adminPassword);
  const signup = async (email: string, role: string, category: string) => {
    const created = await api<{ _id?: string; user?: { _id: string } }>(
      base,
      root.token,
      'POST',
      'users/signup',
      { email, password: 'password-123', role, category },
    );
    const id = created.user?._id ?? created._id;
    if (!id) throw new Error(`signup ${email}: no id`);
    return id;
  };
  await signup('second-admin@example.com', 'admin', 'hardware');
  const second = await login(base, 'second-admin@example.com', 'password-123');
  const staff = [
    { name: 'hardware-1', department: 'hardware', clockShiftMs: 0 },
    // This tablet's clock runs three days ahead.
    { name: 'hardware-2', department: 'hardware', clockShiftMs: threeDaysMs },
    { name: 'godown-1', department: 'godown', clockShiftMs: 0 },
    // A printing-department clerk: print jobs through the /printing form.
    { name: 'printing-1', department: 'printing', clockShiftMs: 0 },
  ];
  const tablets: TabletSpec[] = [];
  for (const person of staff) {
    const email = `${person.name}@example.com`;
    const userId = await signup(email, 'employee', person.department);
    tablets.push({ ...person, email, password: 'password-123', userId });
  }

  const hardware: ProductView[] = [];
  for (let index = 1; index <= 6; index += 1) {
    await createProduct(base, root.token, 'hardware', {
      name: `Chaos tool ${index}`,
      description: `Hardware item ${index} of the chaos run`,
      price: 5_000 + index * 250,
      quantity: rng.int(40, 90),
    });
  }
  for (let index = 1; index <= 4; index += 1) {
    await api(base, root.token, 'POST', 'godown/products', {
      name: `Chaos bag ${index}`,
      description: '50 kg bags',
      price: 40_000,
      quantity: rng.int(120, 200),
      location: 'Main Store',
    });
  }
  const list = (department: string) =>
    api<ProductView[]>(base, root.token, 'GET', `${department}/products`);
  hardware.push(...(await list('hardware')));
  const godown = await list('godown');
  const editors: AdminEditor[] = [
    {
      name: 'admin-a',
      userId: root._id,
      email: adminEmail,
      password: adminPassword,
      token: root.token,
      reLogins: 0,
      view: new Map(),
    },
    {
      name: 'admin-b',
      userId: second._id,
      email: 'second-admin@example.com',
      password: 'password-123',
      token: second.token,
      reLogins: 0,
      view: new Map(),
    },
  ];
  for (const editor of editors) {
    for (const product of hardware) editor.view.set(product._id, product);
  }
  return { editors, tablets, products: { hardware, godown } };
}
