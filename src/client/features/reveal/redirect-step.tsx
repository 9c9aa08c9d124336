import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Coupon } from '../../../shared/contract/entities';
import { RichText } from '../../components/rich-text';
import { hasCode, storeNameOf } from '../../components/deals/coupon-fields';
import { StoreLogo } from '../../components/deals/store-logo';
import { useReveal } from './use-reveal';
import { VoteBox } from './vote/vote-box';
import './redirect-step.css';

interface Props {
  coupon: Coupon;
  onClose: () => void;
  continueLabel?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The native modal: opened on mount (focus back to its opener after), closed by Esc, the backdrop or close(). */
function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => opener?.focus();
  }, []);

  const close = () => {
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === 'function')
      dialog.close(); // fires 'close' → onClose
    else onCloseRef.current();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };
  return { ref, onCloseRef, close, onKeyDown, onBackdrop };
}

/**
 * The landing layout's redirect step (SPEC §2): a modal showing the chosen coupon, its code with a copy
 * button, 'Continue to store', which runs the reveal, and issue 13's "Did this code work?". Native <dialog>: focus trap, Esc and backdrop.
 */
export function RedirectStep({ coupon, onClose, continueLabel = 'Continue to store' }: Props) {
  const { ref, onCloseRef, close, onKeyDown, onBackdrop } = useModalDialog(onClose);
  const reveal = useReveal();
  const titleId = useId();

  const goToStore = () => {
    void reveal(coupon);
    close();
  };

  const store = storeNameOf(coupon);
  return (
    <dialog
      ref={ref}
      className="redirect-step"
      aria-labelledby={titleId}
      onClose={() => onCloseRef.current()}
      onKeyDown={onKeyDown}
      onClick={onBackdrop}
    >
      <div className="redirect-step-panel">
        <button type="button" className="redirect-step-close" aria-label="Close" onClick={close}>
          ×
        </button>
        <div className="redirect-step-store">
          <StoreLogo coupon={coupon} className="redirect-step-logo" />
          {store && <p className="deal-tag">{store}</p>}
        </div>
        <RichText as="h2" id={titleId} className="redirect-step-title" text={coupon.name} />
        {coupon.description && <RichText as="p" className="redirect-step-text" text={coupon.description} />}
        <CodeToCopy coupon={coupon} />
        <button type="button" className="btn btn-primary redirect-step-continue" onClick={goToStore}>
          {continueLabel}
        </button>
        <VoteBox coupon={coupon} />
      </div>
    </dialog>
  );
}

/** The code with its copy button (or "no code needed"), and whether the copy worked. */
function CodeToCopy({ coupon }: { coupon: Coupon }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(coupon.code ?? '');
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <>
      {hasCode(coupon) ? (
        <div className="redirect-step-code">
          <span className="redirect-step-code-label">Your code</span>
          <code className="redirect-step-code-value">{coupon.code}</code>
          <button type="button" className="btn btn-secondary" onClick={() => void copyCode()}>
            Copy code
          </button>
        </div>
      ) : (
        <p className="redirect-step-text">No code needed: the offer applies at the store.</p>
      )}
      <p className="redirect-step-status" role="status" aria-live="polite">
        {copy === 'copied'
          ? 'Code copied.'
          : copy === 'failed'
            ? 'Copy failed: select the code and copy it yourself.'
            : ''}
      </p>
    </>
  );
}
