import { useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** The coupon code with a copy button; the result is announced politely ("Code copied"). */
export function CodeBox({ code }: { code: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="redirect-code">
      <span className="redirect-code-label">Your code</span>
      <code className="redirect-code-value">{code}</code>
      <button type="button" className="btn btn-secondary redirect-code-copy" onClick={() => void copyCode()}>
        {copy === 'copied' ? 'Copied' : 'Copy code'}
      </button>
      <p className="redirect-code-status" role="status" aria-live="polite">
        {copy === 'copied'
          ? 'Code copied'
          : copy === 'failed'
            ? 'Copy failed: select the code and copy it yourself.'
            : ''}
      </p>
    </div>
  );
}
