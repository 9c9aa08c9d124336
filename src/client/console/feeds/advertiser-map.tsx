import { useCallback, useEffect, useState } from 'react';
import type { Feed, FeedAdvertiser } from '../../../shared/contract/feeds';
import { admin } from '../admin-client';
import { useLoad } from '../use-load';
import { AdvertiserRow, type Draft } from './advertiser-row';
import { messageOf, plural } from './feed-words';
import type { StoreChoice } from './store-picker';

// Issue 30: which store each of a feed's advertisers is. Nothing is guessed: an unmapped advertiser's offers are held
// back, so those come first and are flagged. Choices (picked, accepted, cleared) are a draft until "Save mappings".

/** Unmapped first, the server's order otherwise (stable). */
const unmappedFirst = (list: readonly FeedAdvertiser[]) =>
  [...list].sort((a, b) => Number(a.store_id !== null) - Number(b.store_id !== null));

const savedChoice = (a: FeedAdvertiser): StoreChoice | null =>
  a.store_id ? { id: a.store_id, name: a.store_name ?? a.store_id } : null;

/** The draft's entries that differ from what is saved, as the mapping call takes them. */
export function changedMappings(list: readonly FeedAdvertiser[], draft: Draft) {
  return list.flatMap((a) => {
    if (!(a.advertiser_id in draft)) return [];
    const store = draft[a.advertiser_id]?.id ?? null;
    return store === a.store_id ? [] : [{ advertiser_id: a.advertiser_id, store_id: store }];
  });
}

/** The other feeds that map a store: where a store's coupons may come from two networks. */
function useSharedStores(feed: Feed, feeds: readonly Feed[]) {
  const [shared, setShared] = useState<Map<string, string[]>>(new Map());
  const others = feeds.filter((f) => f.id !== feed.id && f.advertisers > 0);
  const key = others.map((f) => f.id).join(',');
  useEffect(() => {
    let live = true;
    const names = new Map(others.map((f) => [f.id, f.name]));
    void Promise.all(
      [...names.keys()].map((id) =>
        admin('listFeedAdvertisers', { params: { id } })
          .then((r) => r.data.map((a) => [a.store_id, names.get(id)!] as const))
          .catch(() => []),
      ),
    ).then((lists) => {
      if (!live) return;
      const map = new Map<string, string[]>();
      for (const [store, name] of lists.flat())
        if (store) map.set(store, [...new Set([...(map.get(store) ?? []), name])]);
      setShared(map);
    });
    return () => {
      live = false;
    };
    // `others` is read through its ids (key): a new array each render is the same feeds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return shared;
}

function useMappings(feed: Feed, reloadKey: number, onSaved: () => void) {
  const read = useCallback(
    async () => (await admin('listFeedAdvertisers', { params: { id: feed.id } })).data,
    [feed.id],
  );
  const { data, loading, error, load } = useLoad(read);
  const [list, setList] = useState<FeedAdvertiser[] | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setList(data ? unmappedFirst(data) : null), [data]);
  // A finished run may have brought new advertisers.
  useEffect(() => {
    if (reloadKey > 0) void load();
  }, [reloadKey, load]);
  const changes = list ? changedMappings(list, draft) : [];

  async function save() {
    if (!list || changes.length === 0) return;
    setSaving(true);
    setStatus(null);
    try {
      const res = await admin('mapFeedAdvertisers', { params: { id: feed.id }, body: { mappings: changes } });
      setList(unmappedFirst(res.data));
      setDraft({});
      setStatus({ ok: true, text: res.message ?? 'Advertisers mapped.' });
      onSaved();
    } catch (err) {
      setStatus({ ok: false, text: `The mappings were not saved: ${messageOf(err)}` });
    } finally {
      setSaving(false);
    }
  }
  return { list, loading, error, load, draft, setDraft, changes, saving, status, setStatus, save };
}

export function AdvertiserMap(props: { feed: Feed; feeds: readonly Feed[]; reloadKey: number; onSaved: () => void }) {
  const { feed } = props;
  const m = useMappings(feed, props.reloadKey, props.onSaved);
  const shared = useSharedStores(feed, props.feeds);
  const { list, draft } = m;
  if (m.error && !list)
    return (
      <p role="alert" className="error">
        The advertisers could not be loaded: {m.error}{' '}
        <button type="button" onClick={() => void m.load()}>
          Try again
        </button>
      </p>
    );
  if (!list) return <Skeleton />;
  if (list.length === 0)
    return (
      <p className="empty">
        No advertisers yet. A run reads the feed and lists its advertisers here: start a <strong>Dry run</strong> on the
        Runs tab (nothing is written), then come back to map them.
      </p>
    );
  const current = (a: FeedAdvertiser) => (a.advertiser_id in draft ? draft[a.advertiser_id]! : savedChoice(a));
  const acceptable = list.filter((a) => a.suggestion && current(a) === null);
  const unmapped = list.filter((a) => a.store_id === null);
  const showLinks = list.some((a) => a.store_id && shared.has(a.store_id));
  const set = (advertiser: string, choice: StoreChoice | null) => {
    m.setStatus(null);
    m.setDraft((d) => ({ ...d, [advertiser]: choice }));
  };
  return (
    <>
      <MapHead
        total={list.length}
        unmapped={unmapped.length}
        acceptable={acceptable}
        onAcceptAll={(choices) => {
          m.setStatus(null);
          m.setDraft((d) => ({ ...d, ...choices }));
        }}
      />
      {/* Not a scrolling box: the store search's list may reach below the table. */}
      <div className="scroll feed-advertisers-box">
        <table className="feed-advertisers">
          <caption className="sr-only">Advertisers of {feed.name}, unmapped first</caption>
          <thead>
            <tr>
              <th scope="col">Advertiser</th>
              <th scope="col">Offers</th>
              <th scope="col">Store</th>
              <th scope="col">Suggestion</th>
              {showLinks && <th scope="col">Network links</th>}
            </tr>
          </thead>
          <tbody>
            {list.map((a) => (
              <AdvertiserRow
                key={a.advertiser_id}
                a={a}
                feed={feed}
                choice={current(a)}
                changed={changedMappings([a], draft).length > 0}
                otherFeeds={showLinks ? (a.store_id ? (shared.get(a.store_id) ?? []) : []) : null}
                onChoose={(c) => set(a.advertiser_id, c)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <SaveBar m={m} />
    </>
  );
}

/** How many advertisers wait for a store, and "Accept all suggestions" for those with one. */
function MapHead(props: {
  total: number;
  unmapped: number;
  acceptable: readonly FeedAdvertiser[];
  onAcceptAll: (choices: Draft) => void;
}) {
  const { unmapped, acceptable } = props;
  return (
    <div className="table-head">
      <p className={unmapped ? 'warning' : 'hint'}>
        {plural(props.total, 'advertiser')}
        {unmapped ? ` · ${unmapped} unmapped: their offers are held back until mapped.` : ' · all mapped.'}
      </p>
      <button
        type="button"
        disabled={acceptable.length === 0}
        onClick={() =>
          props.onAcceptAll(
            Object.fromEntries(
              acceptable.map((a) => [a.advertiser_id, { id: a.suggestion!.store_id, name: a.suggestion!.store_name }]),
            ),
          )
        }
      >
        Accept all suggestions{acceptable.length ? ` (${acceptable.length})` : ''}
      </button>
    </div>
  );
}

function SaveBar({ m }: { m: ReturnType<typeof useMappings> }) {
  const n = m.changes.length;
  return (
    // Stays in sight while changes wait to be saved.
    <div className="actions feed-save-bar" data-dirty={n > 0 || undefined}>
      <button
        type="button"
        className="primary"
        disabled={n === 0 || m.saving}
        aria-busy={m.saving}
        onClick={() => void m.save()}
      >
        {m.saving ? 'Saving…' : 'Save mappings'}
      </button>
      <button type="button" disabled={n === 0 || m.saving} onClick={() => m.setDraft({})}>
        Discard changes
      </button>
      <span role="status">{n ? plural(n, 'unsaved change') : ''}</span>
      {m.status && (
        <p role={m.status.ok ? 'status' : 'alert'} className={m.status.ok ? 'ok' : 'error'}>
          {m.status.text}
        </p>
      )}
    </div>
  );
}

export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="feed-skeleton" role="status" aria-label="Loading…">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}
