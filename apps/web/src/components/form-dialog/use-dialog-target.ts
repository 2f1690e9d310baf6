import { useState } from 'react';

/**
 * What a list screen's edit dialog is open on: a row, 'new', or nothing. The dialog (FormDialog)
 * starts each opening with a form of its own, so nothing here needs to tell openings apart.
 */
export function useDialogTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    open(next: T) {
      setTarget(next);
    },
    close() {
      setTarget(null);
    },
  };
}
