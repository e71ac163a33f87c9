import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { WalkInFormSchema, type WalkInFormValues } from '@post/contracts/attendance';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { useFormDraft } from '../../lib/use-form-draft.ts';

/** Add a walk-in: name, and e-mail or phone if they give one (a member's e-mail links the member). */
export function WalkInForm({ eventId, onAdd }: { eventId: number; onAdd: (v: { name: string; email: string; phone: string }) => void }) {
  const form = useForm<WalkInFormValues>({ resolver: zodResolver(WalkInFormSchema), defaultValues: { name: '', email: '', phone: '' } });
  const draft = useFormDraft(form, `walk-in:${eventId}`);
  const onSubmit = form.handleSubmit((v) => {
    onAdd({ name: v.name, email: v.email ?? '', phone: v.phone ?? '' });
    draft.clear();
    form.reset({ name: '', email: '', phone: '' });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add a walk-in">
      <TextField form={form} name="name" label="Name" autoComplete="off" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="email"
          label="Email (optional)"
          type="email"
          autoComplete="off"
          description="A member's e-mail links their hours to them."
        />
        <TextField form={form} name="phone" label="Phone (optional)" type="tel" autoComplete="off" />
      </div>
      <Button type="submit">
        <UserPlusIcon aria-hidden="true" />
        Add and check in
      </Button>
    </form>
  );
}
