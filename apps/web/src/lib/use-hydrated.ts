import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in server-rendered markup and during hydration, true once the app runs in the
 * browser. Submit buttons of server-rendered forms stay disabled until then, so a tap
 * before the JavaScript arrives never posts the form natively (what was typed stays put).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
