import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * State that starts as `value` and starts again from it whenever `value` changes (a search box
 * the URL rules: Back and links update it), set while rendering as React advises rather than
 * in an effect (decision 0067).
 */
export function useSyncedState<T>(value: T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(value);
  const [from, setFrom] = useState(value);
  if (!Object.is(from, value)) {
    setFrom(value);
    setState(value);
  }
  return [state, setState];
}
