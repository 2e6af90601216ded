import { useEffect, useState } from 'react';

/** A value that follows another after it has stopped changing for a while (typing a search). */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** How long a search box waits for the typing to stop before it asks the server. */
export const SEARCH_DELAY_MS = 300;
