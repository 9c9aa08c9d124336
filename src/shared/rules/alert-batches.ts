// Issue 26: the store alerts due at one run, as mails. One mail per tenant and address, one block per store in it,
// each listing its first `perStore` coupons and counting the rest (they are on the store's page). Every due line is
// in exactly one mail, so recording a mail's lines as sent records each (follow, coupon) pair once.

export interface AlertLineKey {
  domain_id: string;
  email: string;
  store_id: string;
  coupon_id: string;
}

export interface AlertStoreBlock<L> {
  /** The store's lines, in the order they came; the first `perStore` are listed. */
  lines: L[];
  listed: L[];
  more: number;
}

export interface AlertBatch<L> {
  domainId: string;
  email: string;
  /** Every line of the mail, in the order they came. */
  lines: L[];
  /** In the order each store first came. */
  stores: AlertStoreBlock<L>[];
}

export function alertBatches<L extends AlertLineKey>(lines: readonly L[], perStore: number): AlertBatch<L>[] {
  const mails = new Map<string, { batch: AlertBatch<L>; stores: Map<string, L[]> }>();
  for (const line of lines) {
    const key = JSON.stringify([line.domain_id, line.email]);
    let mail = mails.get(key);
    if (!mail) {
      mail = { batch: { domainId: line.domain_id, email: line.email, lines: [], stores: [] }, stores: new Map() };
      mails.set(key, mail);
    }
    mail.batch.lines.push(line);
    const store = mail.stores.get(line.store_id) ?? [];
    store.push(line);
    mail.stores.set(line.store_id, store);
  }
  const listed = Math.max(0, Math.floor(perStore));
  return [...mails.values()].map(({ batch, stores }) => ({
    ...batch,
    stores: [...stores.values()].map((l) => ({
      lines: l,
      listed: l.slice(0, listed),
      more: Math.max(0, l.length - listed),
    })),
  }));
}
