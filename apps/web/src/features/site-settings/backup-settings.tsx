import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/form/text-fields.tsx';

/**
 * The Backups section of Settings (issue 57, decision 0082): when the nightly backup runs, in the
 * post's time zone, and how many are kept on the server. Its own component, beside the others.
 */
export function BackupSettingsSection<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const name = (field: string) => `backups.${field}` as FieldPath<T>;
  return (
    <fieldset className="space-y-4">
      <legend className="text-xl font-bold text-navy-800">Backups</legend>
      <p className="-mt-2 text-base text-muted-foreground">
        The site backs up its whole database every night into the backups folder of its data directory. Download one from the dashboard now and then to keep a
        copy off the server.
      </p>
      <div className="grid max-w-md grid-cols-2 gap-3">
        <TextField form={form} name={name('time')} label="Time" type="time" step={60} description="In the post's time zone." />
        <TextField form={form} name={name('keep')} label="Backups kept" type="number" inputMode="numeric" min={1} max={365} step={1} />
      </div>
    </fieldset>
  );
}
