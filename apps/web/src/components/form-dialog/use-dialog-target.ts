import { useState } from 'react';

/**
 * What a list screen's edit dialog is open on (a row, 'new', or nothing), with a key that changes
 * at each opening: give it to the dialog as its React `key`, so each opening starts a new form
 * (a kept form would mix the previous opening's values into this one's).
 */
export function useDialogTarget<T>() {
  const [opens, setOpens] = useState(0);
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    key: opens,
    open(next: T) {
      setOpens((n) => n + 1);
      setTarget(next);
    },
    close() {
      setTarget(null);
    },
  };
}
