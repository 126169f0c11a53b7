import { sql, type Kysely } from 'kysely';

/**
 * The godown condition follows the product's reorder level (issue 26: one meaning of low stock):
 * 'low stock' at or below it, 'out of stock' at 0, else 'new'. A product without a level of its
 * own keeps the band it had (10, now godown's default level), so only products whose own level is
 * set change here. The default is written as a number because a migration is a snapshot: it must
 * do the same thing whatever the descriptor says later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update products set condition = case
        when quantity <= 0 then 'out of stock'
        when quantity <= coalesce("reorderLevel", 10) then 'low stock'
        else 'new'
      end
    where department = 'godown' and "reorderLevel" is not null`.execute(db);
}

export async function down(): Promise<void> {
  // The previous rule (≤ 10) is recomputed by any write; nothing to undo in the schema.
}
