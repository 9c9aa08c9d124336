import { useState, type IframeHTMLAttributes } from 'react';

// A tenant's page at desktop and phone width, side by side: the console's layout preview and the layout studio draw
// their previews with it. The frames load the tenant's own host (with a preview grant in `src`): sandboxed and on
// another origin than the console's, so a script of the tenant's page reaches neither the console's page nor its
// session (issue 25).
const WIDTHS = [
  { label: 'Desktop', width: 1280, height: 800 },
  { label: 'Phone', width: 390, height: 800 },
] as const;
/** Scripts run (it is the tenant's page), on the tenant's own origin; no pop-ups, forms or top navigation. */
const SANDBOX = 'allow-scripts allow-same-origin';

type Width = (typeof WIDTHS)[number];

/**
 * One frame that loads a new address behind the one shown and swaps when it has loaded: an edit's preview replaces the
 * last one without a blank page in between.
 */
function Frame(props: { src: string; reload: number; title: string; w: Width }) {
  const key = `${props.src}#${props.reload}`;
  const [shown, setShown] = useState({ key, src: props.src });
  const loading = shown.key !== key;
  const frame = (k: string, src: string, extra: Partial<IframeHTMLAttributes<HTMLIFrameElement>>) => (
    <iframe
      key={k}
      src={src}
      sandbox={SANDBOX}
      referrerPolicy="no-referrer"
      width={props.w.width}
      height={props.w.height}
      {...extra}
    />
  );
  return (
    <>
      {loading && frame(shown.key, shown.src, { title: 'The previous preview', 'aria-hidden': true, tabIndex: -1 })}
      {frame(key, props.src, {
        title: props.title,
        onLoad: () => setShown({ key, src: props.src }),
        ...(loading ? { className: 'frame-loading' } : {}),
      })}
    </>
  );
}

export function PreviewFrames(props: {
  /** The page's address; null while there is none yet (its grant is being signed). */
  src: string | null;
  busy: boolean;
  /** Moves on to load the frames again. */
  reload: number;
  /** Each frame's title, from its width's name ('desktop', 'phone'). */
  title: (width: string) => string;
  className?: string;
}) {
  const { src } = props;
  return (
    <div className={`frames${props.className ? ` ${props.className}` : ''}`} aria-busy={props.busy}>
      {WIDTHS.map((w) => (
        <figure key={w.label}>
          <figcaption>
            {w.label} ({w.width} px)
          </figcaption>
          <div className={`frame-box frame-${w.width}`}>
            {src ? (
              <Frame src={src} reload={props.reload} title={props.title(w.label.toLowerCase())} w={w} />
            ) : (
              <p className="loading">Loading the preview…</p>
            )}
          </div>
        </figure>
      ))}
    </div>
  );
}
