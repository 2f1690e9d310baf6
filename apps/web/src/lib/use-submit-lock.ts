import { useRef, useState } from 'react';

/**
 * Wraps a form's submit handler so that a submit arriving while the previous one still runs is
 * dropped: Enter pressed again in a field submits the form again, and a spinner on the OK button
 * stops only clicks. The lock is a ref, not state: a pending flag in state (or a mutation's
 * isPending) changes only on the next render, and a second Enter can arrive before that.
 * `submitting` mirrors the lock for the button's spinner.
 */
export function useSubmitLock<A extends unknown[]>(handler: (...args: A) => Promise<unknown>): {
  submit: (...args: A) => Promise<void>;
  submitting: boolean;
} {
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(...args: A) {
    if (running.current) return;
    running.current = true;
    setSubmitting(true);
    try {
      await handler(...args);
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }

  return { submit, submitting };
}
