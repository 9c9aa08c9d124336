import { useEffect, useId, useRef, useState } from 'react';
import type { AdminTenant } from '../../../shared/contract/admin';
import { admin } from '../admin-client';
import { useLoad } from '../use-load';
import { Skeleton } from './advertiser-map';
import { FeedDetail, type Notice } from './feed-detail';
import { FeedForm } from './feed-form';
import { FeedTable, type FeedTab } from './feed-list';
import { FEEDS_STYLES } from './feeds-styles';

// Issue 30, the console's Feeds tab (admin only; docs/feeds.md): the affiliate networks' voucher feeds, each added
// with its source and credentials, its advertisers mapped to stores, and its runs (dry runs and syncs) with their
// diffs. A lazy chunk like the layout studio: none of it is in the console's first load.

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'feed'; id: number; tab: FeedTab };

const readFeeds = async () => (await admin('listFeeds')).data;

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="empty feed-empty">
      <p>
        <strong>No feeds yet.</strong> A feed is an affiliate network&apos;s list of voucher codes and deals (Awin, CJ,
        Impact, Rakuten, Admitad, Tradedoubler), read from its URL or an uploaded file. Each run maps its offers to your
        stores and keeps their coupons in step: new ones added, changed ones updated, gone ones expired.
      </p>
      <ol>
        <li>Add the feed: its format, URL and credentials, and the tenants it feeds.</li>
        <li>Start a dry run: it lists the feed&apos;s advertisers and writes nothing.</li>
        <li>Map each advertiser to its store (suggestions help), then sync.</li>
      </ol>
      <button type="button" className="primary" onClick={onAdd}>
        Add your first feed
      </button>
    </div>
  );
}

function ListHead(props: {
  titleId: string;
  count: number | null;
  loading: boolean;
  onRefresh: () => void;
  onAdd: (() => void) | null;
}) {
  return (
    <>
      <div className="table-head">
        <h2 id={props.titleId} tabIndex={-1}>
          Feeds {props.count !== null && <small>({props.count})</small>}
        </h2>
        <div className="actions">
          <button type="button" onClick={props.onRefresh} disabled={props.loading} aria-busy={props.loading}>
            {props.loading && props.count !== null ? 'Refreshing…' : 'Refresh'}
          </button>
          {props.onAdd && (
            <button type="button" className="primary" onClick={props.onAdd}>
              Add feed
            </button>
          )}
        </div>
      </div>
      <p className="hint">
        Affiliate networks&apos; voucher feeds, synced into the catalogue on their schedule. Admins only.
      </p>
    </>
  );
}

/** Which view shows (the list, the add form, one feed), its notice, and where the focus goes back to. */
function useFeedsView(reload: () => Promise<void>) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const [notice, setNotice] = useState<Notice>(null);
  // The row to focus when the list comes back (the feed just left; -1: the heading).
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const listRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (view.kind !== 'list' || returnTo === null) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-feed='${returnTo}'] .feed-open`);
    (row ?? listRef.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [view, returnTo]);
  const show = (next: View, message: Notice = null) => {
    setNotice(message);
    setView(next);
  };
  const back = (removed?: string) => {
    setReturnTo(view.kind === 'feed' && !removed ? view.id : -1);
    show({ kind: 'list' }, removed ? { ok: true, text: removed } : null);
    if (removed) void reload();
  };
  return { view, setView, notice, setNotice, show, back, listRef };
}

export default function FeedsPanel(props: { tenants: readonly AdminTenant[]; tenantId: string }) {
  const id = useId();
  const feeds = useLoad(readFeeds);
  const { view, setView, notice, setNotice, show, back, listRef } = useFeedsView(feeds.load);
  const list = feeds.data ?? [];
  const open = view.kind === 'feed' ? list.find((f) => f.id === view.id) : undefined;

  if (view.kind === 'feed' && open)
    return (
      <section className="panel feeds" aria-label={`Feed ${open.name}`}>
        <style>{FEEDS_STYLES}</style>
        <FeedDetail
          feed={open}
          feeds={list}
          tenants={props.tenants}
          tab={view.tab}
          onTab={(tab) => setView({ ...view, tab })}
          notice={notice}
          setNotice={setNotice}
          reload={() => void feeds.load()}
          onBack={back}
        />
      </section>
    );
  return (
    <section className="panel feeds" aria-labelledby={`${id}-title`} ref={listRef}>
      <style>{FEEDS_STYLES}</style>
      <ListHead
        titleId={`${id}-title`}
        count={feeds.data ? list.length : null}
        loading={feeds.loading}
        onRefresh={() => void feeds.load()}
        onAdd={view.kind === 'list' && list.length > 0 ? () => show({ kind: 'new' }) : null}
      />
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'ok' : 'error'}>
          {notice.text}
        </p>
      )}
      {view.kind === 'new' && (
        <FeedForm
          feed={null}
          tenants={props.tenants}
          tenantId={props.tenantId}
          onCancel={() => back()}
          onSaved={(s) => {
            void feeds.load().then(() => show({ kind: 'feed', id: s.feed.id, tab: 'runs' }, s));
          }}
        />
      )}
      {feeds.error && (
        <p role="alert" className="error">
          The feeds could not be loaded: {feeds.error}{' '}
          <button type="button" onClick={() => void feeds.load()}>
            Try again
          </button>
        </p>
      )}
      {feeds.loading && !feeds.data && <Skeleton rows={4} />}
      {feeds.data && list.length === 0 && view.kind === 'list' && <EmptyState onAdd={() => show({ kind: 'new' })} />}
      {list.length > 0 && (
        <FeedTable feeds={list} tenants={props.tenants} onOpen={(f, tab) => show({ kind: 'feed', id: f.id, tab })} />
      )}
    </section>
  );
}
