import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { AdminTenant } from '../../../shared/contract/admin';
import type { Feed } from '../../../shared/contract/feeds';
import { admin } from '../admin-client';
import { AdvertiserMap } from './advertiser-map';
import { FeedForm, type Saved } from './feed-form';
import type { FeedTab } from './feed-list';
import { RunsTab } from './feed-runs';
import { formatName, messageOf, scheduleOf, sourceOf, tenantNames } from './feed-words';

// Issue 30: one feed: its runs, its advertisers' stores, its settings, as tabs. A tab once opened stays mounted
// (hidden when another is shown), so a run keeps being watched and unsaved mappings stay while the operator looks
// elsewhere.

export type Notice = { ok: boolean; text: string } | null;

const TABS: readonly { id: FeedTab; label: (f: Feed) => string }[] = [
  { id: 'runs', label: () => 'Runs' },
  {
    id: 'advertisers',
    label: (f) => (f.unmapped_advertisers ? `Advertisers (${f.unmapped_advertisers} unmapped)` : 'Advertisers'),
  },
  { id: 'settings', label: () => 'Settings' },
];

/** The WAI-ARIA tabs pattern: arrow keys move between the tabs. */
function Tabs(props: { feed: Feed; tab: FeedTab; onTab: (t: FeedTab) => void; panels: Record<FeedTab, ReactNode> }) {
  const id = useId();
  const [opened, setOpened] = useState<ReadonlySet<FeedTab>>(new Set([props.tab]));
  useEffect(() => setOpened((o) => (o.has(props.tab) ? o : new Set([...o, props.tab]))), [props.tab]);
  return (
    <>
      <div role="tablist" aria-label={`${props.feed.name}`} className="tabs">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={props.tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            tabIndex={props.tab === t.id ? 0 : -1}
            onClick={() => props.onTab(t.id)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = TABS[(i + step + TABS.length) % TABS.length]!;
              props.onTab(next.id);
              document.getElementById(`${id}-tab-${next.id}`)?.focus();
            }}
          >
            {t.label(props.feed)}
          </button>
        ))}
      </div>
      {TABS.map((t) =>
        opened.has(t.id) ? (
          <div
            key={t.id}
            role="tabpanel"
            id={`${id}-panel-${t.id}`}
            aria-labelledby={`${id}-tab-${t.id}`}
            hidden={props.tab !== t.id}
            className="feed-tabpanel"
          >
            {props.panels[t.id]}
          </div>
        ) : null,
      )}
    </>
  );
}

const settingsKey = (f: Feed) =>
  JSON.stringify([
    f.id,
    f.name,
    f.format,
    f.url,
    f.file_bytes,
    f.auth,
    f.tenants,
    f.category,
    f.every_hours,
    f.enabled,
  ]);

function Settings(props: {
  feed: Feed;
  tenants: readonly AdminTenant[];
  onSaved: (s: Saved) => void;
  onRemoved: (text: string) => void;
  onCancel: () => void;
}) {
  const { feed } = props;
  const [error, setError] = useState<string | null>(null);
  async function remove() {
    if (!window.confirm(`Remove the feed “${feed.name}”? It stops syncing; its coupons stay, with their votes.`))
      return;
    try {
      props.onRemoved((await admin('deleteFeed', { params: { id: feed.id } })).message ?? 'Feed removed.');
    } catch (err) {
      setError(`The feed was not removed: ${messageOf(err)}`);
    }
  }
  return (
    <>
      <FeedForm
        // Starts again from what the server holds once a save (here or elsewhere) changed it.
        key={settingsKey(feed)}
        feed={feed}
        tenants={props.tenants}
        tenantId=""
        onSaved={props.onSaved}
        onCancel={props.onCancel}
      />
      <div className="actions">
        <button type="button" className="danger" onClick={() => void remove()}>
          Remove feed
        </button>
        <span className="hint">Its coupons stay, with their votes and history.</span>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </>
  );
}

export function FeedDetail(props: {
  feed: Feed;
  feeds: readonly Feed[];
  tenants: readonly AdminTenant[];
  tab: FeedTab;
  onTab: (t: FeedTab) => void;
  notice: Notice;
  setNotice: (n: Notice) => void;
  reload: () => void;
  onBack: (removed?: string) => void;
}) {
  const { feed, reload } = props;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [runsFinished, setRunsFinished] = useState(0);
  useEffect(() => titleRef.current?.focus(), [feed.id]);
  const names = tenantNames(feed.tenants, props.tenants);
  return (
    <div className="feed-detail">
      <button type="button" className="link" onClick={() => props.onBack()}>
        ← All feeds
      </button>
      <h2 tabIndex={-1} ref={titleRef}>
        {feed.name} <small>{formatName(feed)}</small>
      </h2>
      <p className="hint">
        {sourceOf(feed)} · feeds {names.join(', ')} · {scheduleOf(feed.every_hours)}
        {feed.enabled ? '' : ' · disabled'}
      </p>
      {props.notice && (
        <p role={props.notice.ok ? 'status' : 'alert'} className={props.notice.ok ? 'ok' : 'error'}>
          {props.notice.text}
        </p>
      )}
      <Tabs
        feed={feed}
        tab={props.tab}
        onTab={props.onTab}
        panels={{
          runs: (
            <RunsTab
              feed={feed}
              onFinished={() => {
                setRunsFinished((n) => n + 1);
                reload();
              }}
              onMap={() => props.onTab('advertisers')}
            />
          ),
          advertisers: <AdvertiserMap feed={feed} feeds={props.feeds} reloadKey={runsFinished} onSaved={reload} />,
          settings: (
            <Settings
              feed={feed}
              tenants={props.tenants}
              onSaved={(s) => {
                props.setNotice({ ok: s.ok, text: s.text });
                reload();
              }}
              onRemoved={(text) => props.onBack(text)}
              onCancel={() => props.onTab('runs')}
            />
          ),
        }}
      />
    </div>
  );
}
