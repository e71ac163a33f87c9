import { useId } from 'react';
import type { ComponentProps, Ref } from 'react';
import { CheckIcon, CopyIcon, DownloadIcon, PrinterIcon } from 'lucide-react';
import type { ContactInput } from '@post/contracts/rules/qr';
import { Button } from '@post/ui/components/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';
import { CAPTION_MAX } from './qr-content.ts';
import type { QrMessages as Messages } from './qr-messages.ts';

/** The contact tab's fields (a vCard's), the first one focusable from "Clear All Fields". */
export function ContactFields({
  t,
  contact,
  firstRef,
  onChange,
  onEmailBlur,
  emailError,
}: {
  t: Messages;
  contact: ContactInput;
  firstRef: Ref<HTMLInputElement>;
  onChange: (key: keyof ContactInput, value: string) => void;
  onEmailBlur: () => void;
  emailError: string | undefined;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ContactField
        label={t.firstName}
        ref={firstRef}
        autoComplete="given-name"
        value={contact.firstName}
        onChange={(e) => onChange('firstName', e.target.value)}
      />
      <ContactField label={t.lastName} autoComplete="family-name" value={contact.lastName} onChange={(e) => onChange('lastName', e.target.value)} />
      <ContactField label={t.phone} type="tel" autoComplete="tel" value={contact.phone} onChange={(e) => onChange('phone', e.target.value)} />
      <ContactField
        label={t.email}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={contact.email}
        onChange={(e) => onChange('email', e.target.value)}
        onBlur={onEmailBlur}
        error={emailError}
      />
      <ContactField
        label={t.organization}
        autoComplete="organization"
        value={contact.organization}
        onChange={(e) => onChange('organization', e.target.value)}
      />
      <ContactField
        label={t.website}
        inputMode="url"
        autoComplete="url"
        autoCapitalize="none"
        spellCheck={false}
        value={contact.url}
        onChange={(e) => onChange('url', e.target.value)}
      />
    </div>
  );
}

/** What a drawn code offers: download, copy, a printed sheet with its caption, the encoded text. */
export function QrOutput({
  t,
  data,
  ready,
  copied,
  caption,
  onCaption,
  onDownload,
  onCopy,
}: {
  t: Messages;
  data: string;
  ready: boolean;
  copied: boolean;
  caption: string;
  onCaption: (value: string) => void;
  onDownload: () => void;
  onCopy: () => void;
}) {
  const dataId = useId();
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onDownload} disabled={!ready} className="grow">
          <DownloadIcon aria-hidden="true" />
          {t.download}
        </Button>
        <Button type="button" variant="outline" onClick={onCopy} className="grow">
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? t.copied : t.copy}
        </Button>
      </div>

      <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4">
        <Field>
          <FieldLabel>{t.captionLabel}</FieldLabel>
          <FieldControl>
            <Input maxLength={CAPTION_MAX} value={caption} onChange={(e) => onCaption(e.target.value)} />
          </FieldControl>
          <FieldDescription>{t.captionHelp}</FieldDescription>
        </Field>
        <Button type="button" variant="outline" onClick={() => window.print()} disabled={!ready} className="self-start">
          <PrinterIcon aria-hidden="true" />
          {t.print}
        </Button>
      </div>

      <div className="flex flex-col gap-2">
        <h3 id={dataId} className="text-base font-semibold">
          {t.encodedData}
        </h3>
        <pre
          // A scrollable region must take the keyboard's focus to be scrolled without a mouse (axe).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-labelledby={dataId}
          data-testid="qr-encoded-data"
          className="max-h-48 overflow-auto rounded-md border bg-muted p-3 font-mono text-sm break-all whitespace-pre-wrap text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {data}
        </pre>
      </div>
    </>
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
