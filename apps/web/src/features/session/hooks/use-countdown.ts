import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown (0 when idle) and a function that starts it. */
export function useCountdown(seconds: number): [left: number, start: () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return [left, start];
}
