import { useEffect, useState } from 'react';
import { QR_COPIED_MS } from '@post/contracts/rules/qr';
import { drawQr } from './qr-draw.ts';
import type { QrDrawing } from './qr-draw.ts';

// The QR generator's state that lives outside the form: the drawing of the code, and the "Copied" flag.

/** Draws the code for `data` (empty: nothing) whenever it changes; the last drawing is kept until the next is ready. */
export function useQrDrawing(data: string): QrDrawing | null {
  const [drawing, setDrawing] = useState<QrDrawing | null>(null);
  // Nothing to draw forgets the last drawing, in the render that empties the fields (decision 0067).
  if (data === '' && drawing !== null) setDrawing(null);
  useEffect(() => {
    if (data === '') return;
    let current = true;
    void drawQr(data).then((d) => {
      if (current) setDrawing(d);
    });
    return () => {
      current = false;
    };
  }, [data]);
  return data === '' ? null : drawing;
}

/** A flag that turns itself off QR_COPIED_MS after it was last turned on. */
export function useCopiedFlag(): [boolean, (on: boolean) => void] {
  const [copied, setCopied] = useState(false);
  const [stamp, setStamp] = useState(0);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), QR_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied, stamp]);
  return [
    copied,
    (on: boolean) => {
      setCopied(on);
      if (on) setStamp((s) => s + 1);
    },
  ];
}
