import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { ShieldCheckIcon } from 'lucide-react';
import { qrFileName } from '@post/contracts/rules/qr';
import type { QrTab } from '@post/contracts/rules/qr';
import { Card, CardContent, CardHeader, CardTitle } from '@post/ui/components/card';
import { Page } from '../../layout/page.tsx';
import { useCopiedFlag, useQrDrawing } from './qr-hooks.ts';
import { QR_MESSAGES, useQrLocale } from './qr-messages.ts';
import { PreviewImage, PrintSheet } from './qr-preview.tsx';
import { QrOutput } from './qr-parts.tsx';
import { QrFormCard } from './qr-form-card.tsx';
import { altText, defaultCaption, EMPTY_FIELDS, encode, looksLikeEmail, NO_CAPTIONS } from './qr-content.ts';
import type { Fields } from './qr-content.ts';

/** The public QR code generator (spec §2): everything happens in the visitor's browser. */
export function QrGeneratorPage() {
  const locale = useQrLocale();
  const t = QR_MESSAGES[locale];

  const [tab, setTab] = useState<QrTab>('url');
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [captions, setCaptions] = useState(NO_CAPTIONS);
  const [emailTouched, setEmailTouched] = useState(false);

  const data = useMemo(() => encode(tab, fields), [tab, fields]);
  // Only blank space is nothing to encode: a code for it would scan as nothing.
  const hasData = data.trim() !== '';
  const caption = captions[tab] ?? defaultCaption(tab, fields);
  const alt = altText(t, tab, fields, data);

  const drawing = useQrDrawing(hasData ? data : '');
  const ready = drawing?.ok === true && drawing.data === data ? drawing : null;

  const [copied, setCopied] = useCopiedFlag();

  const urlRef = useRef<HTMLInputElement | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);

  // The address field is the one field in the server's HTML (the first tab), so it can be typed
  // into before the page's code has arrived: it is uncontrolled, which keeps what was typed
  // through hydration (a controlled field's hydration emptied it), and the form takes it over
  // once it runs: what it holds when React attaches to it (decision 0067). Clear All Fields empties it by hand.
  const attachUrlField = useCallback((el: HTMLInputElement | null) => {
    urlRef.current = el;
    const typed = el?.value ?? '';
    if (typed) setFields((f) => (f.url === typed ? f : { ...f, url: typed }));
  }, []);

  function clearAll() {
    setFields(EMPTY_FIELDS);
    if (urlRef.current) urlRef.current.value = '';
    setCaptions(NO_CAPTIONS);
    setEmailTouched(false);
    setCopied(false);
    // The button is about to lose its purpose: put the visitor back at the start of the form.
    ({ url: urlRef, text: textRef, contact: contactRef })[tab].current?.focus();
  }

  function download() {
    if (!ready) return;
    const link = document.createElement('a');
    link.href = ready.png;
    link.download = qrFileName(tab);
    document.body.append(link);
    link.click();
    link.remove();
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(data);
      setCopied(true);
    } catch (error) {
      // Spec §8: a failed copy is only logged.
      console.error('Could not copy the QR data', error);
    }
  }

  const emailInvalid = emailTouched && !looksLikeEmail(fields.contact.email);
  const previewId = useId();

  return (
    <div lang={locale === 'es' ? 'es' : 'en'}>
      <Page title={t.pageTitle} intro={t.tagline}>
        <div className="grid items-start gap-6 print:hidden lg:grid-cols-[minmax(0,1fr)_24rem]">
          <QrFormCard
            t={t}
            tab={tab}
            onTab={setTab}
            fields={fields}
            setFields={setFields}
            attachUrlField={attachUrlField}
            textRef={textRef}
            contactRef={contactRef}
            emailError={emailInvalid ? t.emailInvalid : undefined}
            onEmailBlur={() => setEmailTouched(true)}
            onClearAll={clearAll}
          />

          <section aria-labelledby={previewId}>
            <Card className="gap-4!">
              <CardHeader>
                <CardTitle asChild>
                  <h2 id={previewId}>{t.previewHeading}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-5">
                <PreviewImage t={t} hasData={hasData} drawing={drawing} current={data} alt={alt} />

                {hasData ? (
                  <QrOutput
                    t={t}
                    data={data}
                    ready={ready !== null}
                    copied={copied}
                    caption={caption}
                    onCaption={(value) => setCaptions((c) => ({ ...c, [tab]: value }))}
                    onDownload={download}
                    onCopy={copy}
                  />
                ) : null}
                {/* Announces the copy for screen readers, whose focus stays on the button. */}
                <span role="status" className="sr-only">
                  {copied ? t.copied : ''}
                </span>
              </CardContent>
            </Card>
          </section>
        </div>

        <p className="mt-8 flex items-start justify-center gap-2 text-center text-base text-muted-foreground print:hidden">
          <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <span>{t.footerNote}</span>
        </p>
      </Page>

      {ready ? <PrintSheet svg={ready.svg} alt={alt} caption={caption.trim()} /> : null}
    </div>
  );
}
