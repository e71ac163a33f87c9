import { RequiredMark } from './required-mark.tsx';

/** "Fields marked * are required." */
export function RequiredLegend() {
  return (
    <p className="text-base text-muted-foreground">
      Fields marked <RequiredMark /> are required.
    </p>
  );
}
