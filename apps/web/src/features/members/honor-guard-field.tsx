import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from '@post/ui/components/checkbox';
import { useSiteSettings } from '../../lib/use-site-settings.ts';

/** The honor-guard roles a member is qualified for (decision 0088): one checkbox per role of Settings' list. */
export function HonorGuardField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const roles = useSiteSettings().data.honors.roles;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = (field.value ?? []) as string[];
        return (
          <fieldset className="space-y-2">
            <legend className="text-base font-semibold">Honor guard roles</legend>
            <p className="text-base text-muted-foreground">Funeral honors call-outs go to active members for the roles ticked here.</p>
            <div className="grid gap-x-4 sm:grid-cols-3">
              {roles.map((r) => (
                <label key={r.key} className="flex min-h-11 items-center gap-3 text-base">
                  <Checkbox
                    checked={value.includes(r.key)}
                    onCheckedChange={(on) => field.onChange(on === true ? [...value, r.key] : value.filter((k) => k !== r.key))}
                    onBlur={field.onBlur}
                  />
                  {r.label}
                </label>
              ))}
            </div>
          </fieldset>
        );
      }}
    />
  );
}
