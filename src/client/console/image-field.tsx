import { useId, useRef, useState, type DragEvent } from 'react';
import { MEDIA_ACCEPT, MEDIA_MAX_BYTES, mediaTooLarge, type MediaPurpose } from '../../shared/contract/media';
import type { BannerDimension } from '../../shared/contract/values';
import { imageSourceProblem } from '../../shared/console/image-source';
import { imageUrl } from '../../shared/rules/image-url';
import { mediaBox } from '../../shared/console/media-box';
import { ConsoleError } from './api';
import { admin } from './admin-client';

// Issue 26: an image field of the console (logo, favicon, store image, banner image). The operator drops a file on it
// or picks one; the server makes it for its place (the uploadMedia endpoint) and the field takes the url it answers. The
// address can still be typed, checked with the rule the server applies at save. The preview keeps the box its page
// reserves, so nothing moves when an image arrives; progress and errors are announced (aria-live). Styles: admin.html.

export interface ImageFieldProps {
  id: string;
  label: string;
  purpose: MediaPurpose;
  value: string;
  onChange: (url: string) => void;
  /** purpose 'banner': the banner's size, so the upload is made for it. */
  dimension?: BannerDimension;
}

type Status = { kind: 'idle' | 'busy' | 'ok' | 'error'; text: string };

/** The preview's box: the page's box (half the made size), at most 260 px wide. */
function previewBox(purpose: MediaPurpose, dimension?: BannerDimension) {
  const made = mediaBox(purpose, dimension) ?? { width: 520, height: 260 };
  const scale = Math.min(0.5, 260 / made.width, purpose === 'favicon' ? 0.25 : 1);
  return { width: Math.round(made.width * scale), height: Math.round(made.height * scale) };
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/** The upload: checked for size, sent, and its progress or error as the field's status. */
function useImageUpload({ purpose, dimension, onChange }: Pick<ImageFieldProps, 'purpose' | 'dimension' | 'onChange'>) {
  const [status, setStatus] = useState<Status>({ kind: 'idle', text: '' });
  const [broken, setBroken] = useState<string | null>(null);

  async function upload(file: File) {
    if (file.size > MEDIA_MAX_BYTES) {
      setStatus({ kind: 'error', text: mediaTooLarge(file.size) });
      return;
    }
    setStatus({ kind: 'busy', text: `Uploading ${file.name} (${sizeText(file.size)})…` });
    try {
      const answer = await admin('uploadMedia', {
        query: { purpose, ...(dimension ? { dimension } : {}) },
        text: { body: file, type: file.type || 'application/octet-stream' },
      });
      onChange(answer.data.url);
      setBroken(null);
      setStatus({
        kind: 'ok',
        text: `Uploaded ${file.name}: made at ${answer.data.width} × ${answer.data.height}. Save to keep it.`,
      });
    } catch (err) {
      setStatus({ kind: 'error', text: err instanceof ConsoleError ? err.message : 'The upload failed.' });
    }
  }

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void upload(file);
  };
  return { status, setStatus, broken, setBroken, pick };
}

type Upload = ReturnType<typeof useImageUpload>;

export function ImageField({ id, label, purpose, value, onChange, dimension }: ImageFieldProps) {
  const hintId = useId();
  const statusId = useId();
  const upload = useImageUpload({ purpose, dimension, onChange });
  const { status, setStatus } = upload;
  const problem = imageSourceProblem(value);
  const src = problem ? '' : imageUrl(value, '/assets/', '');
  const shownError = status.kind === 'error' ? status.text : problem;

  return (
    <fieldset className="image-field" aria-describedby={hintId}>
      <legend>{label}</legend>
      <DropZone label={label} hintId={hintId} src={src} box={previewBox(purpose, dimension)} upload={upload} />
      <label htmlFor={id}>
        {label} URL
        <input
          id={id}
          value={value}
          onChange={(e) => {
            setStatus({ kind: 'idle', text: '' });
            onChange(e.target.value);
          }}
          maxLength={2000}
          inputMode="url"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={statusId}
        />
      </label>
      <p id={statusId} className={shownError ? 'error' : status.kind === 'ok' ? 'ok' : 'hint'} aria-live="polite">
        {shownError ?? (status.kind === 'idle' ? '' : status.text)}
      </p>
    </fieldset>
  );
}

/** The preview and the upload button, where a file may be dropped. */
function DropZone(props: {
  label: string;
  hintId: string;
  src: string;
  box: { width: number; height: number };
  upload: Upload;
}) {
  const { label, hintId, src, box } = props;
  const { status, broken, setBroken, pick } = props.upload;
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (status.kind !== 'busy') pick(e.dataTransfer.files);
  };
  return (
    <div
      className="image-field-zone"
      data-dragging={dragging || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span className="image-field-preview" style={{ width: box.width, aspectRatio: `${box.width} / ${box.height}` }}>
        {src && broken !== src ? (
          <img
            src={src}
            alt={`${label}: current image`}
            width={box.width}
            height={box.height}
            onError={() => setBroken(src)}
          />
        ) : (
          <span className="image-field-empty">{src ? 'Cannot show this image' : 'No image'}</span>
        )}
      </span>
      <span className="image-field-pick">
        <button
          type="button"
          onClick={() => picker.current?.click()}
          disabled={status.kind === 'busy'}
          aria-describedby={hintId}
        >
          {status.kind === 'busy' ? 'Uploading…' : `Upload ${label.toLowerCase()}…`}
        </button>
        <span className="hint" id={hintId}>
          Or drop a file here. PNG, JPEG, WebP, AVIF or GIF up to {MEDIA_MAX_BYTES / 1048576} MB; it is resized for its
          place.
        </span>
      </span>
      <input
        ref={picker}
        type="file"
        accept={MEDIA_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          pick(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
