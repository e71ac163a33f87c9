import { useCallback, useLayoutEffect, useRef } from 'react';
import { useBlocker, type ShouldBlockFn } from '@tanstack/react-router';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation is held (render
 * `UnsavedChangesDialog` with the returned `blocker` to ask), and closing or reloading the tab gets
 * the browser's own prompt. Call `allowLeave()` right before navigating away after a successful
 * save, so that navigation is not held.
 */
export function useUnsavedChanges(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  // Kept current after each render, not during it; the blocker reads it only when someone leaves (decision 0067).
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  });
  const leaving = useRef(false);
  const shouldBlock = useCallback(() => dirtyRef.current && !leaving.current, []);
  // Stable, so the router keeps one blocker instead of re-registering on every render.
  const shouldBlockFn = useCallback<ShouldBlockFn>(
    ({ current, next }) => {
      // Replacing the URL of this same page (nothing changes on screen) is not leaving.
      if (current.pathname === next.pathname && JSON.stringify(current.search) === JSON.stringify(next.search)) return false;
      return shouldBlock();
    },
    [shouldBlock],
  );
  const blocker = useBlocker({
    shouldBlockFn,
    enableBeforeUnload: shouldBlock,
    withResolver: true,
  });
  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);
  return { blocker, allowLeave };
}

/** What `useUnsavedChanges` returns as `blocker`. */
export type UnsavedChangesBlocker = ReturnType<typeof useUnsavedChanges>['blocker'];
