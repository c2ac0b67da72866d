import { useState } from 'react';
import { errorMessage } from '../../../shared/lib/http';

/**
 * The submit of a sign-in page that leaves it when it succeeds: `submitting` until then, and
 * the server's refusal (or `failedText`) as `error` when it does not.
 */
export function useAuthSubmit(failedText: string) {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (send: () => Promise<void>) => {
    setSubmitting(true);
    setError(null);
    try {
      await send();
    } catch (e) {
      setError(errorMessage(e, failedText));
      setSubmitting(false);
    }
  };
  /** Shows a failure of a step before the submit (sending the code), or clears it (null). */
  const fail = (e: unknown) => setError(e ? errorMessage(e, failedText) : null);
  return { error, fail, submitting, submit };
}
