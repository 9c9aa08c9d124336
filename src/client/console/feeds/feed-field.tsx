import type { ReactNode } from 'react';
import type { Feed } from '../../../shared/contract/feeds';
import type { FeedField, FeedFormValues, FeedProblems } from './feed-form-state';

// Issue 30: the feed form's shared parts: its state as the field groups see it, and one labelled field.

export type SetValue = <K extends FeedField>(key: K, value: FeedFormValues[K]) => void;
export interface FormParts {
  base: string;
  values: FeedFormValues;
  set: SetValue;
  /** Shown once the form was sent once. */
  problems: FeedProblems;
  feed: Feed | null;
}

/** A field's label, its control (given its ids), its hint and its problem. */
export function Field(props: {
  parts: FormParts;
  name: FeedField;
  label: string;
  hint?: ReactNode;
  className?: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const { parts, name } = props;
  const id = `${parts.base}-${name}`;
  const problem = parts.problems[name];
  const describedBy = [props.hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        ...(problem ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {props.hint && (
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
