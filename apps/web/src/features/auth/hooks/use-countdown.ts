import { useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from `seconds` while `isRunning`, then calls `onDone` once.
 * Returns the seconds left.
 */
export function useCountdown(seconds: number, isRunning: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  // The latest callback, without restarting the countdown when its identity changes.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    setLeft(seconds);
    if (!isRunning) return;
    const tick = setInterval(() => setLeft((current) => Math.max(0, current - 1)), 1000);
    const done = setTimeout(() => onDoneRef.current(), seconds * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [seconds, isRunning]);

  return left;
}
