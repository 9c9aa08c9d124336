import type { Queryable } from '../connect';

// Contact-form messages are stored first; delivery to the operator's inbox is the mail adapter's job.
export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export async function storeMessage(db: Queryable, domainId: string, m: ContactMessage): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO contact_messages (domain_id, name, email, phone, subject, message)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [domainId, m.name, m.email, m.phone, m.subject, m.message],
  );
  return Number(rows[0]?.id);
}

export async function markDelivered(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE contact_messages SET delivered = true WHERE id = $1', [id]);
}

export async function listMessages(
  db: Queryable,
  domainId: string,
): Promise<(ContactMessage & { delivered: boolean })[]> {
  return db.query(
    'SELECT name, email, phone, subject, message, delivered FROM contact_messages WHERE domain_id = $1 ORDER BY id',
    [domainId],
  );
}
