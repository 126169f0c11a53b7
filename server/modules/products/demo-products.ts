import type { Kysely } from 'kysely';
import { departments, type ProductDepartmentId } from '../../../domain/departments.ts';
import { newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { storedCondition } from '../stock/public.ts';

/**
 * Demo products for `npm run seed:demo`. Idempotent: a product whose name already exists (live)
 * in its department is left alone. No images: the PWA shows its fallback picture.
 */
interface DemoProduct {
  department: ProductDepartmentId;
  name: string;
  description: string;
  price: number;
  quantity: number;
  location?: string;
  nutrients?: string;
}

export const demoProducts: readonly DemoProduct[] = [
  {
    department: 'hardware',
    name: 'Claw hammer',
    description: 'Steel claw hammer, 500 g, rubber grip',
    price: 12_500,
    quantity: 40,
  },
  {
    department: 'hardware',
    name: 'Cement 50 kg',
    description: 'Portland cement, 50 kg bag',
    price: 18_000,
    quantity: 120,
  },
  {
    department: 'hardware',
    name: 'Roofing nails 1 kg',
    description: 'Galvanised roofing nails, 1 kg pack',
    price: 6_000,
    quantity: 15,
  },
  {
    department: 'hardware',
    name: 'PVC pipe 1/2"',
    description: 'Pressure pipe, 6 m length',
    price: 9_500,
    quantity: 2,
  },
  {
    department: 'hardware',
    name: 'Padlock 50 mm',
    description: 'Brass padlock with three keys',
    price: 15_000,
    quantity: 0,
  },
  {
    department: 'fresh-oil',
    name: 'Sunflower oil 5 L',
    description: 'Pure sunflower cooking oil, 5 litres',
    price: 32_000,
    quantity: 60,
  },
  {
    department: 'fresh-oil',
    name: 'Sunflower oil 1 L',
    description: 'Pure sunflower cooking oil, 1 litre',
    price: 7_000,
    quantity: 200,
  },
  {
    department: 'stationery',
    name: 'Exercise book 96 pages',
    description: 'Ruled exercise book, A5',
    price: 1_200,
    quantity: 500,
  },
  {
    department: 'stationery',
    name: 'Ballpoint pens (box of 50)',
    description: 'Blue ink ballpoint pens',
    price: 10_000,
    quantity: 25,
  },
  {
    department: 'animal-feeding',
    name: 'Dairy meal 70 kg',
    description: 'Complete feed for dairy cows',
    price: 65_000,
    quantity: 30,
    nutrients: 'Crude protein 16%, energy 10 MJ/kg, calcium 0.8%',
  },
  {
    department: 'animal-feeding',
    name: 'Layers mash 50 kg',
    description: 'Feed for laying hens',
    price: 58_000,
    quantity: 8,
    nutrients: 'Crude protein 17%, calcium 3.5%',
  },
  {
    department: 'godown',
    name: 'Maize bags',
    description: '90 kg bags of dry maize',
    price: 85_000,
    quantity: 300,
    location: 'Deck A',
  },
  {
    department: 'godown',
    name: 'Rice bags',
    description: '25 kg bags of Kyela rice',
    price: 62_000,
    quantity: 9,
    location: 'Store 2',
  },
];

export async function seedDemoProducts({
  db,
  log,
}: {
  db: Kysely<DatabaseSchema>;
  log: (line: string) => void;
}): Promise<void> {
  for (const product of demoProducts) {
    const existing = await db
      .selectFrom('products')
      .select('id')
      .where('department', '=', product.department)
      .where('name', '=', product.name)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (existing) {
      log(`  product ${product.department}/${product.name} exists`);
      continue;
    }
    const now = nowIso();
    await db
      .insertInto('products')
      .values({
        id: newId(),
        department: product.department,
        name: product.name,
        description: product.description,
        price: product.price,
        quantity: product.quantity,
        imageId: null,
        location: product.location ?? null,
        condition:
          product.location === undefined
            ? null
            : storedCondition(product, departments[product.department]),
        nutrients: product.nutrients ?? null,
        version: 1,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    log(`  product ${product.department}/${product.name} created`);
  }
}
