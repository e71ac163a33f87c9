import type * as React from 'react';
import { Toaster as Sonner } from 'sonner';
import type { ToasterProps } from 'sonner';
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from 'lucide-react';

/**
 * Colours handed to sonner (its own light palette is replaced so every toast meets WCAG AA);
 * the ratios are listed in styles/theme.css.
 */
const toasterStyle = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  '--success-bg': 'var(--toast-success-bg)',
  '--success-text': 'var(--toast-success-text)',
  '--success-border': 'var(--toast-success-border)',
  '--info-bg': 'var(--toast-info-bg)',
  '--info-text': 'var(--toast-info-text)',
  '--info-border': 'var(--toast-info-border)',
  '--warning-bg': 'var(--toast-warning-bg)',
  '--warning-text': 'var(--toast-warning-text)',
  '--warning-border': 'var(--toast-warning-border)',
  '--error-bg': 'var(--toast-error-bg)',
  '--error-text': 'var(--toast-error-text)',
  '--error-border': 'var(--toast-error-border)',
  '--border-radius': 'var(--radius)',
} as React.CSSProperties;

/**
 * The app's toast container (sonner): light theme, rich colours, close button; call `toast()`
 * from "sonner" to show one. Bottom right, so a toast never covers the sticky header or the
 * crisis bar; on phones sonner spans it across the bottom of the screen.
 */
export function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <div data-slot="toaster" className="contents">
      <Sonner
        theme="light"
        richColors
        closeButton
        position="bottom-right"
        // A toast raised at the top (the sign-in's) comes below the sticky header, whose bottom the
        // page writes to --toast-top when it raises one; elsewhere sonner's own margins.
        offset={{ top: 'var(--toast-top, 24px)', right: 24, bottom: 24, left: 24 }}
        mobileOffset={{ top: 'var(--toast-top, 16px)', right: 16, bottom: 16, left: 16 }}
        className="toaster group"
        icons={{
          success: <CircleCheckIcon aria-hidden="true" className="size-4" />,
          info: <InfoIcon aria-hidden="true" className="size-4" />,
          warning: <TriangleAlertIcon aria-hidden="true" className="size-4" />,
          error: <OctagonXIcon aria-hidden="true" className="size-4" />,
          loading: <Loader2Icon aria-hidden="true" className="size-4 motion-safe:animate-spin" />,
        }}
        style={{ ...toasterStyle, ...style }}
        toastOptions={{
          ...toastOptions,
          style: { fontSize: '1rem', ...toastOptions?.style },
        }}
        {...props}
      />
    </div>
  );
}
