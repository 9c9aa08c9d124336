import { useState } from 'react';
import type { Feed, FeedAdvertiser, StoreSuggestion } from '../../../shared/contract/feeds';
import { admin } from '../admin-client';
import { messageOf, plural } from './feed-words';
import { StorePicker, type StoreChoice } from './store-picker';

// Issue 30: one advertiser of a feed: its store (picked, or the suggestion accepted), and, once mapped to a store
// another feed carries too, whose tracking links that store's coupons use.

/** Advertiser id → the store chosen (null: unmapped), for the rows changed and not yet saved. */
export type Draft = Record<string, StoreChoice | null>;

const siteOf = (site: string | null) => {
  if (!site) return null;
  try {
    return new URL(/^https?:\/\//i.test(site) ? site : `https://${site}`).host;
  } catch {
    return site;
  }
};

function Suggestion(props: { a: FeedAdvertiser; s: StoreSuggestion; chosen: boolean; onAccept: () => void }) {
  const { a, s } = props;
  return (
    <div className="feed-suggestion">
      <span>
        {s.store_name}{' '}
        <small>
          {Math.round(s.score * 100)}% · {s.by === 'site' ? 'by site' : 'by name'}
        </small>
      </span>
      {props.chosen ? (
        <span className="ok">Chosen</span>
      ) : (
        <button type="button" aria-label={`Accept suggestion ${s.store_name} for ${a.name}`} onClick={props.onAccept}>
          Accept suggestion
        </button>
      )}
    </div>
  );
}

/** "Prefer this network's links for <store>": the store's coupons carried by two networks use this one's link. */
function PreferLinks({ feed, a, others }: { feed: Feed; a: FeedAdvertiser; others: readonly string[] }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const store = a.store_name ?? a.store_id ?? '';
  if (!a.store_id || others.length === 0) return <span className="hint">Only this network</span>;
  async function prefer() {
    setBusy(true);
    try {
      const res = await admin('setPreferredFeed', { body: { store_id: a.store_id!, feed_id: feed.id } });
      setResult({ ok: true, text: res.message ?? `${store} uses ${feed.name}'s links.` });
    } catch (err) {
      setResult({ ok: false, text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="feed-prefer">
      <small>Also in {others.join(', ')}.</small>
      <button type="button" disabled={busy} aria-busy={busy} onClick={() => void prefer()}>
        Prefer this network&apos;s links for {store}
      </button>
      {result && (
        <span role={result.ok ? 'status' : 'alert'} className={result.ok ? 'ok' : 'error'}>
          {result.text}
        </span>
      )}
    </div>
  );
}

export function AdvertiserRow(props: {
  a: FeedAdvertiser;
  feed: Feed;
  choice: StoreChoice | null;
  /** The row differs from what is saved. */
  changed: boolean;
  /** The other feeds carrying its (saved) store; null: the column is not shown. */
  otherFeeds: readonly string[] | null;
  onChoose: (c: StoreChoice | null) => void;
}) {
  const { a, choice, changed } = props;
  const unmapped = a.store_id === null;
  const site = siteOf(a.site);
  const s = a.suggestion;
  return (
    <tr className={unmapped ? 'feed-unmapped' : undefined}>
      <th scope="row" data-label="Advertiser">
        <div className="feed-advertiser">
          <span>{a.name}</span>
          <small>
            {site ? `${site} · ` : ''}id {a.advertiser_id}
          </small>
          {unmapped && <span className="feed-badge feed-badge-warn">Unmapped · offers held back until mapped</span>}
          {changed && <span className="feed-badge">Unsaved change</span>}
        </div>
      </th>
      <td data-label="Offers" className="number">
        {plural(a.offers, 'offer')}
      </td>
      <td data-label="Store">
        <div className="feed-store">
          <StorePicker label={`Store for ${a.name}`} value={choice} onPick={props.onChoose} />
          {choice && (
            <button type="button" className="link" aria-label={`Unmap ${a.name}`} onClick={() => props.onChoose(null)}>
              Unmap
            </button>
          )}
        </div>
      </td>
      <td data-label="Suggestion">
        {s ? (
          <Suggestion
            a={a}
            s={s}
            chosen={choice?.id === s.store_id}
            onAccept={() => props.onChoose({ id: s.store_id, name: s.store_name })}
          />
        ) : unmapped ? (
          <span className="hint">No clear match: search for the store.</span>
        ) : (
          <span className="hint">—</span>
        )}
      </td>
      {props.otherFeeds !== null && (
        <td data-label="Network links">
          <PreferLinks feed={props.feed} a={a} others={props.otherFeeds} />
        </td>
      )}
    </tr>
  );
}
