import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { contactErrorMessage, createContactMutationAtom } from '../../api/contact';
import { pageSettings } from '../../config/page-settings';
import {
  CONTACT_FIELDS,
  firstInvalid,
  validateContact,
  type ContactField,
  type ContactValues,
} from './contact-validation';
import './contact-form.css';

const EMPTY: ContactValues = { name: '', email: '', message: '' };
const LABELS: Record<ContactField, string> = { name: 'Your name', email: 'Email address', message: 'Message' };

type Outcome = { kind: 'sent' | 'failed'; text: string } | null;
type Control = HTMLInputElement | HTMLTextAreaElement;

/** The form's values, which errors show, the submit and its outcome, and each control's shared attributes. */
function useContactForm() {
  const limits = pageSettings.contactForm;
  const mutationAtom = useMemo(() => createContactMutationAtom(), []);
  const { mutateAsync, isPending } = useAtomValue(mutationAtom);
  const [values, setValues] = useState<ContactValues>(EMPTY);
  // Errors show for a field once it was left with text in it, and for every field after a submit.
  const [shown, setShown] = useState<ReadonlySet<ContactField>>(new Set());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const refs = useRef<Partial<Record<ContactField, Control | null>>>({});
  const uid = useId();
  const errors = validateContact(values, limits);
  const visible = (field: ContactField) => (shown.has(field) ? errors[field] : undefined);

  const change = (field: ContactField, value: string) => setValues((prev) => ({ ...prev, [field]: value }));
  const blur = (field: ContactField) => {
    if (values[field].trim()) setShown((prev) => new Set(prev).add(field));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setShown(new Set(CONTACT_FIELDS));
    const invalid = firstInvalid(errors);
    if (invalid) {
      setOutcome(null);
      refs.current[invalid]?.focus();
      return;
    }
    setOutcome(null);
    try {
      const text = await mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
      });
      setOutcome({ kind: 'sent', text });
      setValues(EMPTY);
      setShown(new Set());
    } catch (error) {
      setOutcome({ kind: 'failed', text: contactErrorMessage(error) });
    }
  }

  const control = (field: ContactField) => {
    const error = visible(field);
    return {
      id: `${uid}-${field}`,
      name: field,
      value: values[field],
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${uid}-${field}-error` : undefined,
      onBlur: () => blur(field),
      ref: (el: Control | null) => {
        refs.current[field] = el;
      },
    };
  };
  return { limits, isPending, outcome, uid, visible, change, submit, control };
}

type Form = ReturnType<typeof useContactForm>;

function FieldLabel({ form, field }: { form: Form; field: ContactField }) {
  return (
    <label className="contact-form-label" htmlFor={`${form.uid}-${field}`}>
      {LABELS[field]}
    </label>
  );
}

function FieldError({ form, field }: { form: Form; field: ContactField }) {
  return (
    <p className="contact-form-error" id={`${form.uid}-${field}-error`} hidden={!form.visible(field)}>
      {form.visible(field)}
    </p>
  );
}

/**
 * SPEC §7/§8 contact form: name, email and message checked in the browser first (inline messages, the first
 * invalid field focused), then POST sendMail; the server's success message, or the SPEC §8 failure text.
 */
export function ContactForm() {
  const form = useContactForm();
  const { limits, isPending, outcome, control, change } = form;
  return (
    <form className="contact-form" onSubmit={form.submit} noValidate aria-busy={isPending} aria-label="Contact form">
      <div className="contact-form-row">
        <div className="contact-form-field">
          <FieldLabel form={form} field="name" />
          <input
            {...control('name')}
            type="text"
            autoComplete="name"
            maxLength={limits.nameMaxLength}
            onChange={(e) => change('name', e.target.value)}
          />
          <FieldError form={form} field="name" />
        </div>
        <div className="contact-form-field">
          <FieldLabel form={form} field="email" />
          <input
            {...control('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            onChange={(e) => change('email', e.target.value)}
          />
          <FieldError form={form} field="email" />
        </div>
      </div>
      <div className="contact-form-field">
        <FieldLabel form={form} field="message" />
        <textarea
          {...control('message')}
          rows={6}
          maxLength={limits.messageMaxLength}
          onChange={(e) => change('message', e.target.value)}
        />
        <FieldError form={form} field="message" />
      </div>
      <div className="contact-form-actions">
        <button type="submit" className="btn btn-primary contact-form-submit" aria-disabled={isPending || undefined}>
          {isPending ? 'Sending…' : 'Send message'}
        </button>
        <p className="contact-form-note">All fields are required. We use your details only to reply to you.</p>
      </div>
      <div className="contact-form-outcome" role="status" aria-live="polite">
        {outcome?.kind === 'sent' && <p className="contact-form-sent">{outcome.text}</p>}
      </div>
      <div className="contact-form-outcome" role="alert">
        {outcome?.kind === 'failed' && <p className="contact-form-failed">{outcome.text}</p>}
      </div>
    </form>
  );
}
