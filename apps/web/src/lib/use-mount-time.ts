import { useState } from 'react';

/** The time the component mounted, for "upcoming" and "scheduled": rendering stays pure and a list does not shift while it is read (decision 0067). */
export function useMountTime(): number {
  const [now] = useState(() => Date.now());
  return now;
}
