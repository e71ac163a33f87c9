import { createPortal } from 'react-dom';
import { QrCodeIcon } from 'lucide-react';
import { QR_SIZE } from '@post/contracts/rules/qr';
import type { QrDrawing } from './qr-draw.ts';
import type { QrMessages } from './qr-messages.ts';

/** The preview's picture: a prompt while there is nothing to encode, the code, or why it could not be drawn. */
export function PreviewImage({
  t,
  hasData,
  drawing,
  current,
  alt,
}: {
  t: QrMessages;
  hasData: boolean;
  drawing: QrDrawing | null;
  current: string;
  alt: string;
}) {
  const frame = 'mx-auto flex aspect-square w-full max-w-[300px] items-center justify-center';
  if (!hasData) {
    return (
      <div className={`${frame} flex-col gap-3 rounded-lg border-2 border-dashed border-input p-6 text-center text-muted-foreground`}>
        <QrCodeIcon aria-hidden="true" className="size-16 text-navy-300" />
        <p className="text-base">{t.emptyPrompt}</p>
      </div>
    );
  }
  if (drawing?.ok === false && drawing.data === current) {
    return (
      <div role="alert" className={`${frame} rounded-lg border-2 border-dashed border-destructive/60 p-6 text-center text-base font-semibold text-destructive`}>
        {drawing.reason === 'tooLong' ? t.tooLong : t.drawFailed}
      </div>
    );
  }
  if (drawing?.ok === true) {
    // Until the new drawing arrives (a few milliseconds) the previous one stays, so nothing flickers while typing.
    return (
      <img
        src={drawing.png}
        alt={alt}
        width={QR_SIZE}
        height={QR_SIZE}
        data-testid="qr-image"
        className="mx-auto block aspect-square h-auto w-full max-w-[300px] rounded-sm border bg-white [image-rendering:pixelated]"
      />
    );
  }
  return (
    <div className={`${frame} rounded-lg border-2 border-dashed border-input p-6 text-center text-muted-foreground`} role="status">
      {t.generating}
    </div>
  );
}

/** The printed page: the code, large and sharp, with its caption; only this is printed (qr-print.css). */
export function PrintSheet({ svg, alt, caption }: { svg: string; alt: string; caption: string }) {
  return createPortal(
    <div data-qr-print-sheet="" className="hidden bg-white text-black print:flex print:flex-col print:items-center print:pt-[2cm]">
      <img src={svg} alt={alt} className="size-[10cm]" />
      {caption ? <p className="mt-[0.8cm] max-w-[16cm] text-center text-[22pt] leading-tight font-semibold break-words">{caption}</p> : null}
    </div>,
    document.body,
  );
}
