import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { MailIcon, SendIcon } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import { NewsletterIssueInput } from '@post/contracts/mail';
import { Button } from '@post/ui/components/button';
import { Field, FieldControl, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@post/ui/components/alert-dialog';
import { failureMessage, trpc } from '../../../lib/trpc.ts';
import { useFormDraft } from '../../../lib/use-form-draft.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { messageHtml } from '../../../lib/commander-html.ts';
import { DraftNotice } from '../../../components/form/draft-notice.tsx';
import { FORMATTING_HINT, FormattedTextField } from '../../../components/form/formatted-text-field.tsx';
import { RequiredMark } from '../../../components/form/required-mark.tsx';
import { UnsavedChangesDialog } from '../../../components/form/unsaved-changes-dialog.tsx';

const schema = NewsletterIssueInput.pick({ subject: true, content: true });
type FormValues = z.infer<typeof schema>;
const EMPTY: FormValues = { subject: '', content: '' };
const count = new Intl.NumberFormat('en-US');

/**
 * Writes and sends a newsletter issue (issue 19 #3): subject and text with the commander
 * message's bold / italic / underline, a live preview, a test to the administrator's own
 * address, then, after "Send to N subscribers?", one message per confirmed subscriber.
 */
export function IssueComposer({ subscribers }: { subscribers: number | undefined }) {
  const utils = trpc.useUtils();
  const send = trpc.newsletter.sendIssue.useMutation();
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const draft = useFormDraft(form, 'newsletter-issue');
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const content = useWatch({ control: form.control, name: 'content' });
  const preview = useMemo(() => messageHtml(content ?? ''), [content]);

  const run = async (v: FormValues, testOnly: boolean) => {
    setProblem(undefined);
    try {
      const r = await send.mutateAsync({ ...v, testOnly });
      if (r.testOnly) {
        toast.success('Test sent', { description: `A test copy is on its way to ${r.to}.` });
        return;
      }
      toast.success('Newsletter sent', { description: `${count.format(r.recipients)} messages are on their way.` });
      draft.clear();
      form.reset(EMPTY);
      allowLeave();
      await utils.newsletter.issues.invalidate();
    } catch (err) {
      const message = failureMessage(err, 'The newsletter could not be sent. Please try again.');
      setProblem(message);
      toast.error(message);
    }
  };

  const onTest = form.handleSubmit((v) => run(v, true));
  const onSend = form.handleSubmit(() => setConfirming(true));
  const n = subscribers ?? 0;

  return (
    <form noValidate onSubmit={(e) => void onSend(e)} aria-label="Write a newsletter issue" className="space-y-6 rounded-lg border bg-card p-4 sm:p-6">
      <DraftNotice draft={draft} />
      <Field>
        <FieldLabel>
          Subject <RequiredMark />
        </FieldLabel>
        <FieldControl>
          <Input {...form.register('subject')} aria-required maxLength={200} />
        </FieldControl>
        <FieldError>{form.formState.errors.subject?.message}</FieldError>
      </Field>
      <FormattedTextField
        form={form}
        name="content"
        label="Message"
        rows={10}
        hint={`${FORMATTING_HINT} Every copy ends with the post's name and address and an unsubscribe link.`}
      />
      <section aria-labelledby="issue-preview-heading" className="rounded-lg border bg-muted p-4">
        <h3 id="issue-preview-heading" className="mb-2 text-lg font-semibold">
          Preview
        </h3>
        {preview ? (
          <div data-testid="issue-preview" className="text-lg leading-relaxed [&_p]:mb-3" dangerouslySetInnerHTML={{ __html: preview }} />
        ) : (
          <p className="text-muted-foreground">The message will appear here as you type.</p>
        )}
      </section>
      {problem ? (
        <p role="alert" className="rounded border border-flag-red-300 bg-flag-red-50 p-3 text-lg text-flag-red-800">
          {problem}
          {problem === newsletterMessages.noAdminEmail ? (
            <>
              {' '}
              <Link to="/admin/account" hash="details" className="font-medium underline">
                Add your e-mail address
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" size="lg" disabled={send.isPending} onClick={() => void onTest()}>
          <MailIcon aria-hidden="true" />
          Send a test to me
        </Button>
        <Button type="submit" size="lg" disabled={send.isPending || n === 0}>
          <SendIcon aria-hidden="true" />
          {send.isPending ? 'Sending…' : `Send to ${count.format(n)} ${n === 1 ? 'subscriber' : 'subscribers'}`}
        </Button>
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{`Send to ${count.format(n)} ${n === 1 ? 'subscriber' : 'subscribers'}?`}</AlertDialogTitle>
            <AlertDialogDescription>
              “{form.getValues('subject')}” goes to every confirmed subscriber at once. A sent issue cannot be called back.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                setConfirming(false);
                void run(form.getValues(), false);
              }}
            >
              Send now
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
    </form>
  );
}
