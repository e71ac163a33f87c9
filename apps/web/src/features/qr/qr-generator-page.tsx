import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, ComponentProps } from 'react';
import { CheckIcon, CopyIcon, DownloadIcon, PrinterIcon, RotateCcwIcon, ShieldCheckIcon } from 'lucide-react';
import { qrFileName } from '@post/contracts/rules/qr';
import type { ContactInput, QrTab } from '@post/contracts/rules/qr';
import { Button } from '@post/ui/components/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@post/ui/components/card';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@post/ui/components/tabs';
import { Textarea } from '@post/ui/components/textarea';
import { Page } from '../../layout/page.tsx';
import { useCopiedFlag, useQrDrawing } from './qr-hooks.ts';
import { QR_MESSAGES, useQrLocale } from './qr-messages.ts';
import { PreviewImage, PrintSheet } from './qr-preview.tsx';
import { altText, CAPTION_MAX, defaultCaption, EMPTY_FIELDS, encode, looksLikeEmail, NO_CAPTIONS, TABS } from './qr-content.ts';
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

  const setContact = (key: keyof ContactInput) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setFields((f) => ({ ...f, contact: { ...f.contact, [key]: value } }));
  };

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
  const ids = { preview: useId(), data: useId() };

  return (
    <div lang={locale === 'es' ? 'es' : 'en'}>
      <Page title={t.pageTitle} intro={t.tagline}>
        <div className="grid items-start gap-6 print:hidden lg:grid-cols-[minmax(0,1fr)_24rem]">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle asChild>
                <h2>{t.formHeading}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <Tabs value={tab} onValueChange={(v) => TABS.includes(v as QrTab) && setTab(v as QrTab)} className="gap-5">
                <TabsList aria-label={t.tabsLabel} className="w-full">
                  <TabsTrigger value="url">{t.tabUrl}</TabsTrigger>
                  <TabsTrigger value="text">{t.tabText}</TabsTrigger>
                  <TabsTrigger value="contact">{t.tabContact}</TabsTrigger>
                </TabsList>

                <TabsContent value="url">
                  <Field>
                    <FieldLabel>{t.urlLabel}</FieldLabel>
                    <FieldControl>
                      <Input
                        ref={attachUrlField}
                        type="text"
                        inputMode="url"
                        autoComplete="url"
                        autoCapitalize="none"
                        spellCheck={false}
                        placeholder={t.urlPlaceholder}
                        defaultValue={fields.url}
                        onChange={(e) => setFields((f) => ({ ...f, url: e.target.value }))}
                      />
                    </FieldControl>
                    <FieldDescription>{t.urlHelp}</FieldDescription>
                  </Field>
                </TabsContent>

                <TabsContent value="text">
                  <Field>
                    <FieldLabel>{t.textLabel}</FieldLabel>
                    <FieldControl>
                      <Textarea
                        ref={textRef}
                        rows={4}
                        className="max-h-72 overflow-y-auto"
                        placeholder={t.textPlaceholder}
                        value={fields.text}
                        onChange={(e) => setFields((f) => ({ ...f, text: e.target.value }))}
                      />
                    </FieldControl>
                  </Field>
                </TabsContent>

                <TabsContent value="contact" className="flex flex-col gap-4">
                  <p className="text-base text-muted-foreground">{t.contactHelp}</p>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <ContactField
                      label={t.firstName}
                      ref={contactRef}
                      autoComplete="given-name"
                      value={fields.contact.firstName}
                      onChange={setContact('firstName')}
                    />
                    <ContactField label={t.lastName} autoComplete="family-name" value={fields.contact.lastName} onChange={setContact('lastName')} />
                    <ContactField label={t.phone} type="tel" autoComplete="tel" value={fields.contact.phone} onChange={setContact('phone')} />
                    <ContactField
                      label={t.email}
                      type="email"
                      autoComplete="email"
                      autoCapitalize="none"
                      spellCheck={false}
                      value={fields.contact.email}
                      onChange={setContact('email')}
                      onBlur={() => setEmailTouched(true)}
                      error={emailInvalid ? t.emailInvalid : undefined}
                    />
                    <ContactField
                      label={t.organization}
                      autoComplete="organization"
                      value={fields.contact.organization}
                      onChange={setContact('organization')}
                    />
                    <ContactField
                      label={t.website}
                      inputMode="url"
                      autoComplete="url"
                      autoCapitalize="none"
                      spellCheck={false}
                      value={fields.contact.url}
                      onChange={setContact('url')}
                    />
                  </div>
                </TabsContent>
              </Tabs>
            </CardContent>
            <CardFooter className="border-t pt-4 [.border-t]:pt-4">
              <Button type="button" variant="outline" onClick={clearAll}>
                <RotateCcwIcon aria-hidden="true" />
                {t.clearAll}
              </Button>
            </CardFooter>
          </Card>

          <section aria-labelledby={ids.preview}>
            <Card className="gap-4">
              <CardHeader>
                <CardTitle asChild>
                  <h2 id={ids.preview}>{t.previewHeading}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-5">
                <PreviewImage t={t} hasData={hasData} drawing={drawing} current={data} alt={alt} />

                {hasData ? (
                  <>
                    <div className="flex flex-wrap gap-2">
                      <Button type="button" onClick={download} disabled={!ready} className="grow">
                        <DownloadIcon aria-hidden="true" />
                        {t.download}
                      </Button>
                      <Button type="button" variant="outline" onClick={copy} className="grow">
                        {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
                        {copied ? t.copied : t.copy}
                      </Button>
                    </div>

                    <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4">
                      <Field>
                        <FieldLabel>{t.captionLabel}</FieldLabel>
                        <FieldControl>
                          <Input
                            maxLength={CAPTION_MAX}
                            value={caption}
                            onChange={(e) => {
                              const value = e.target.value;
                              setCaptions((c) => ({ ...c, [tab]: value }));
                            }}
                          />
                        </FieldControl>
                        <FieldDescription>{t.captionHelp}</FieldDescription>
                      </Field>
                      <Button type="button" variant="outline" onClick={() => window.print()} disabled={!ready} className="self-start">
                        <PrinterIcon aria-hidden="true" />
                        {t.print}
                      </Button>
                    </div>

                    <div className="flex flex-col gap-2">
                      <h3 id={ids.data} className="text-base font-semibold">
                        {t.encodedData}
                      </h3>
                      <pre
                        // A scrollable region must take the keyboard's focus to be scrolled without a mouse (axe).
                        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                        tabIndex={0}
                        role="region"
                        aria-labelledby={ids.data}
                        data-testid="qr-encoded-data"
                        className="max-h-48 overflow-auto rounded-md border bg-muted p-3 font-mono text-sm break-all whitespace-pre-wrap text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                      >
                        {data}
                      </pre>
                    </div>
                  </>
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

function ContactField({ label, error, ...props }: ComponentProps<typeof Input> & { label: string; error?: string }) {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <FieldControl>
        <Input {...props} />
      </FieldControl>
      <FieldError>{error}</FieldError>
    </Field>
  );
}
