import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(
  db: DbOrTx,
  values: {
    userId: number | null;
    name: string;
    email: string;
    subject: string;
    message: string;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row.id;
}
