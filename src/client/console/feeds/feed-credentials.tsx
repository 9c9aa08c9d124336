import { FEED_AUTHS, type FeedAuth } from '../../../shared/contract/feeds';
import { needsName } from './feed-form-state';
import { Field, type FormParts } from './feed-field';

// Issue 30: how a feed's URL is fetched. Secrets are write-only: the fields start empty, and a stored one is only
// said to exist ("stored, encrypted").

const AUTH_LABELS: Record<FeedAuth, string> = {
  none: 'None',
  bearer: 'Bearer token',
  basic: 'Basic (Account SID + Auth Token)',
  query: 'Secret query parameter',
};
const AUTH_HINTS: Record<FeedAuth, string> = {
  none: 'The URL needs nothing more (or its token is in the URL).',
  bearer: 'Sent as “Authorization: Bearer …” (CJ, Rakuten, Admitad).',
  basic: "HTTP Basic, e.g. Impact's Account SID and Auth Token.",
  query: "Added to the URL as ?name=value, e.g. Awin's or Tradedoubler's feed token.",
};
const NAME_LABEL: Partial<Record<FeedAuth, string>> = { basic: 'Account SID', query: 'Parameter name' };
const SECRET_LABEL: Partial<Record<FeedAuth, string>> = {
  bearer: 'Token',
  basic: 'Auth Token',
  query: 'Parameter value',
};

export function CredentialFields({ parts }: { parts: FormParts }) {
  const { values, set, feed, base } = parts;
  const stored = feed !== null && feed.auth !== 'none' && values.auth === feed.auth;
  const keep = stored ? 'Stored, encrypted — leave empty to keep.' : undefined;
  const clears = feed !== null && feed.auth !== 'none' && values.auth === 'none';
  return (
    <fieldset aria-describedby={`${base}-auth-hint`}>
      <legend>Credentials</legend>
      <div className="radios">
        {FEED_AUTHS.map((a) => (
          <label key={a}>
            <input type="radio" name={`${base}-auth`} checked={values.auth === a} onChange={() => set('auth', a)} />
            {AUTH_LABELS[a]}
          </label>
        ))}
      </div>
      <p id={`${base}-auth-hint`} className="hint">
        {AUTH_HINTS[values.auth]}
        {clears && ' Saving removes the stored credentials.'}
        {feed !== null && feed.auth !== 'none' && values.auth !== feed.auth && values.auth !== 'none'
          ? ' The new credentials replace the stored ones.'
          : ''}
      </p>
      {values.auth !== 'none' && (
        <div className="fields">
          {needsName(values.auth) && (
            <Field parts={parts} name="credName" label={NAME_LABEL[values.auth]!} hint={keep}>
              {(a) => (
                <input
                  {...a}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={200}
                  value={values.credName}
                  onChange={(e) => set('credName', e.target.value)}
                />
              )}
            </Field>
          )}
          <Field parts={parts} name="credSecret" label={SECRET_LABEL[values.auth]!} hint={keep}>
            {(a) => (
              <input
                {...a}
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                maxLength={2000}
                placeholder={stored ? '••••••••' : undefined}
                value={values.credSecret}
                onChange={(e) => set('credSecret', e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
    </fieldset>
  );
}
