// A tenant's page at desktop and phone width, side by side: the console's layout preview and the layout studio draw
// their previews with it. The frames load the tenant's own host (with a preview grant in `src`): sandboxed and on
// another origin than the console's, so a script of the tenant's page reaches neither the console's page nor its
// session (issue 25).
const WIDTHS = [
  { label: 'Desktop', width: 1280, height: 800 },
  { label: 'Phone', width: 390, height: 800 },
];
/** Scripts run (it is the tenant's page), on the tenant's own origin; no pop-ups, forms or top navigation. */
const SANDBOX = 'allow-scripts allow-same-origin';

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
              <iframe
                key={`${src}#${props.reload}`}
                title={props.title(w.label.toLowerCase())}
                src={src}
                sandbox={SANDBOX}
                referrerPolicy="no-referrer"
                width={w.width}
                height={w.height}
              />
            ) : (
              <p className="loading">Loading the preview…</p>
            )}
          </div>
        </figure>
      ))}
    </div>
  );
}
