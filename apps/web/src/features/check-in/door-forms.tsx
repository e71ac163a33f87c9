import { lazy, Suspense, type ComponentProps } from 'react';
import { commonMessages } from '@post/contracts/messages/common';
import { LoadingState } from '../../components/load-state.tsx';
import { PartBoundary } from './door-parts.tsx';

// The door's two forms (react-hook-form and zod) come after the list and the scan button, which
// the door needs first (decision 0103); the service worker keeps them too. Each fails on its own.
const WalkInForm = lazy(() => import('./walk-in-form.tsx').then((m) => ({ default: m.WalkInForm })));
const HoursDialog = lazy(() => import('./hours-dialog.tsx').then((m) => ({ default: m.HoursDialog })));

/** "Add a walk-in", loaded after the rest of the page. */
export function WalkInPart(props: ComponentProps<typeof WalkInForm>) {
  return (
    <PartBoundary what="The walk-in form" hint="Try again.">
      <Suspense fallback={<LoadingState text={commonMessages.loading} />}>
        <WalkInForm {...props} />
      </Suspense>
    </PartBoundary>
  );
}

/** An administrator's hours form for one person, loaded when opened. */
export function HoursForm(props: ComponentProps<typeof HoursDialog>) {
  return (
    <PartBoundary what="The hours form" hint="Try again.">
      <Suspense fallback={null}>
        <HoursDialog {...props} />
      </Suspense>
    </PartBoundary>
  );
}
