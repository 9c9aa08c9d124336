import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { showToast } from '../../lib/toast';
import { isValidEmail } from '../../../shared/rules/email';
import { extractErrorMessage } from '../../../shared/rules/error-message';
import type { NewsletterSettings } from '../../../shared/layout/types';
import { createNewsletterMutationAtom } from '../../api/newsletter';
import { SideBanners } from '../../components/banners/side-banners';
import type { SectionProps } from '../../engine/types';
import './newsletter.css';

type Phase = 'idle' | 'loading' | 'complete';

/** The email, the phase (idle, sending, thanked) and the submit: checked first, a toast either way, then reset. */
function useNewsletter(id: string, settings: NewsletterSettings) {
  const mutationAtom = useMemo(() => createNewsletterMutationAtom(), []);
  const { mutateAsync } = useAtomValue(mutationAtom);
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase === 'loading') return;
    const value = email.trim();
    if (!isValidEmail(value)) {
      showToast('error', settings.invalidEmailMessage ?? 'Please provide a valid email address.', `${id}-invalid`);
      return;
    }
    setPhase('loading');
    try {
      const answer = await mutateAsync(value);
      showToast('success', answer.message || 'Subscribed.');
      setEmail('');
      if (settings.completeMs) {
        setPhase('complete');
        timer.current = window.setTimeout(() => setPhase('idle'), settings.completeMs);
      } else {
        setPhase('idle');
      }
    } catch (error) {
      showToast('error', extractErrorMessage(error, 'not loaded.'));
      setPhase('idle');
    }
  }
  return { email, setEmail, phase, submit };
}

type Signup = ReturnType<typeof useNewsletter>;

/** SPEC §4/§5/§8 newsletter: check the email first, spinner overlay while sending, a toast either way, then reset. */
export function Newsletter({ id, settings, context }: SectionProps<NewsletterSettings, never>) {
  const signup = useNewsletter(id, settings);
  const inputId = useId();

  const headingId = `${inputId}-heading`;
  const block = (
    <div
      className={`newsletter newsletter-${settings.variant}`}
      aria-labelledby={settings.heading ? headingId : undefined}
      role="region"
      aria-label={settings.heading ? undefined : 'Newsletter sign-up'}
    >
      <div className="newsletter-copy">
        {settings.heading && (
          <h2 id={headingId} className="newsletter-heading">
            {settings.heading}
          </h2>
        )}
        {settings.subheading && <p className="newsletter-subheading">{settings.subheading}</p>}
        {settings.text && <p className="newsletter-text">{settings.text}</p>}
      </div>
      {signup.phase === 'complete' ? (
        <p className="newsletter-complete" role="status">
          Thank you! You are subscribed.
        </p>
      ) : (
        <SignupForm inputId={inputId} settings={settings} signup={signup} />
      )}
      {settings.note && <p className="newsletter-note">{settings.note}</p>}
      {settings.privacyNote && <p className="newsletter-note">{settings.privacyNote}</p>}
    </div>
  );
  // The landing block's banners (settings.banners) sit beside the form.
  if (!settings.banners) return block;
  return (
    <SideBanners
      host={context.host}
      dimension={settings.banners.dimension}
      source={settings.banners.source}
      count={settings.banners.count}
    >
      {block}
    </SideBanners>
  );
}

function SignupForm({ inputId, settings, signup }: { inputId: string; settings: NewsletterSettings; signup: Signup }) {
  const { email, setEmail, phase } = signup;
  return (
    <form className="newsletter-form" onSubmit={signup.submit} noValidate aria-busy={phase === 'loading'}>
      <label htmlFor={inputId} className="visually-hidden">
        Email address
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder={settings.placeholder ?? 'Enter your email'}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={phase === 'loading'}
      />
      <button type="submit" className="btn btn-primary" disabled={phase === 'loading'}>
        {settings.buttonLabel ?? 'Subscribe'}
      </button>
      {phase === 'loading' && (
        <div className="newsletter-overlay" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Subscribing…</span>
        </div>
      )}
    </form>
  );
}
