import { useEffect, useId, useState } from 'react';
import type { AdminTenant, PreviewGrantAnswer } from '../../../shared/contract/admin';
import { fromZonedInput, toZonedInput, zoneOf } from '../../../shared/console/zoned-date';
import { admin } from '../admin-client';
import { ConsoleError } from '../api';
import { PreviewFrames } from '../preview-frames';

// The draft beside its form (issue 29): the chosen tenant's home on its own origin, drawn with the document being
// composed (the site's `?layout=` preview reads the saved draft through the grant), at desktop and phone width, and at
// any instant (`?at=`) so a scheduled variant can be seen before it starts. The frames reload after every saved edit.

type Grant = PreviewGrantAnswer['data'];

type Show = 'document' | 'site';

/**
 * The frames' address: the tenant's page with a grant for this tenant, document and instant only, so a frame never
 * shows another tenant's page with it. The published site at the present instant needs no grant.
 */
function usePreviewAddress(tenant: AdminTenant, path: string, at: string, show: Show) {
  const [grant, setGrant] = useState<Grant | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    if (show === 'site' && !at) {
      setGrant({ grant: '', query: '', expires_at: '' });
      return;
    }
    const layout = show === 'document' ? { layout: path } : {};
    admin('createPreviewGrant', { body: { tenant: tenant._id, ...layout, ...(at ? { at } : {}) } })
      .then((res) => live && setGrant(res.data))
      .catch((err: unknown) => {
        if (!live) return;
        setGrant(null);
        setError(err instanceof ConsoleError ? err.message : 'No preview grant.');
      });
    return () => {
      live = false;
    };
  }, [tenant._id, path, at, show]);
  const host = tenant.hosts[0] ?? location.hostname;
  const origin = `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}`;
  return { src: grant ? `${origin}/${grant.query}` : null, error, host };
}

export function StudioPreview(props: {
  tenant: AdminTenant;
  /** 'home/x.json': the document drawn. */
  path: string;
  /** Moves on after every saved draft: the frames load again. */
  revision: number;
  /** The draft is not saved yet (or does not parse): the frames still show the last saved one. */
  pending: boolean;
}) {
  const { tenant, path, revision } = props;
  const zone = zoneOf(tenant.data.time_zone);
  const [at, setAt] = useState('');
  // 'document': the draft being composed; 'site': the published documents, as shoppers get them at that instant.
  const [show, setShow] = useState<Show>('document');
  const atId = useId();
  const { src, error, host } = usePreviewAddress(tenant, path, at, show);

  return (
    <section className="studio-preview" aria-labelledby={`${atId}-title`}>
      <div className="studio-preview-head">
        <h3 id={`${atId}-title`}>
          Preview on {tenant.data.name} <small>{host}</small>
        </h3>
        <label htmlFor={`${atId}-show`}>Show</label>
        <select id={`${atId}-show`} value={show} onChange={(e) => setShow(e.target.value as Show)}>
          <option value="document">this document</option>
          <option value="site">the published site</option>
        </select>
        <label htmlFor={atId}>
          As at <small>({zone})</small>
        </label>
        <input
          id={atId}
          type="datetime-local"
          value={toZonedInput(at, zone)}
          onChange={(e) => setAt(fromZonedInput(e.target.value, zone) ?? '')}
        />
        {at && (
          <button type="button" onClick={() => setAt('')}>
            Now
          </button>
        )}
        {src && (
          <a href={src} target="_blank" rel="noopener noreferrer">
            Open in a new tab
          </a>
        )}
        <span role="status" className="studio-preview-state">
          {show === 'site'
            ? 'Showing what shoppers get'
            : props.pending
              ? 'Saving the draft…'
              : src
                ? 'Showing the saved draft'
                : ''}
        </span>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <PreviewFrames
        className="studio-frames"
        src={src}
        busy={!src && !error}
        reload={revision}
        title={(width) =>
          `${tenant.data.name} home ${show === 'document' ? `with ${path}` : 'as published'}, ${width} width`
        }
      />
    </section>
  );
}
