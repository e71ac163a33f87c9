import type { Dispatch, RefObject, SetStateAction } from 'react';
import { RotateCcwIcon } from 'lucide-react';
import type { QrTab } from '@post/contracts/rules/qr';
import { Button } from '@post/ui/components/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@post/ui/components/card';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@post/ui/components/tabs';
import { Textarea } from '@post/ui/components/textarea';
import { TABS, type Fields } from './qr-content.ts';
import type { QrMessages } from './qr-messages.ts';
import { ContactFields } from './qr-parts.tsx';

/** The generator's form: a tab per kind of content, and "Clear All Fields". */
export function QrFormCard({
  t,
  tab,
  onTab,
  fields,
  setFields,
  attachUrlField,
  textRef,
  contactRef,
  emailError,
  onEmailBlur,
  onClearAll,
}: {
  t: QrMessages;
  tab: QrTab;
  onTab: (tab: QrTab) => void;
  fields: Fields;
  setFields: Dispatch<SetStateAction<Fields>>;
  /** The address field is uncontrolled (it keeps what was typed before hydration; decision 0067). */
  attachUrlField: (el: HTMLInputElement | null) => void;
  textRef: RefObject<HTMLTextAreaElement | null>;
  contactRef: RefObject<HTMLInputElement | null>;
  emailError: string | undefined;
  onEmailBlur: () => void;
  onClearAll: () => void;
}) {
  return (
    <Card className="gap-4!">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t.formHeading}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(v) => TABS.includes(v as QrTab) && onTab(v as QrTab)} className="gap-5!">
          <TabsList aria-label={t.tabsLabel} className="w-full!">
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
            <ContactFields
              t={t}
              contact={fields.contact}
              firstRef={contactRef}
              onChange={(key, value) => setFields((f) => ({ ...f, contact: { ...f.contact, [key]: value } }))}
              onEmailBlur={onEmailBlur}
              emailError={emailError}
            />
          </TabsContent>
        </Tabs>
      </CardContent>
      <CardFooter className="border-t [.border-t]:pt-4!">
        <Button type="button" variant="outline" onClick={onClearAll}>
          <RotateCcwIcon aria-hidden="true" />
          {t.clearAll}
        </Button>
      </CardFooter>
    </Card>
  );
}
