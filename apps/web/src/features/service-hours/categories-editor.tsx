import { useState } from 'react';
import { PlusIcon, SaveIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { ServiceCategory } from '@post/contracts/service-hours';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { serverMessage, trpc } from '../../lib/trpc.ts';

// The categories save on their own (a row at a time): they are rows the ledger refers to, not
// fields of the settings record, and they sit inside the settings form, so no <form> of their own.

/** The ledger's categories in the report's order: rename, mark (not) reportable, add. */
export function ServiceCategoriesEditor() {
  const categories = trpc.serviceHours.categories.useQuery();
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold">Categories</h3>
      <p className="text-base text-muted-foreground">
        In the order of the Consolidated Post Report&apos;s sections. A category that is not reportable (post fundraisers, canteen, meetings) is left out of the
        report&apos;s totals. Each saves on its own.
      </p>
      <ul className="space-y-2" aria-label="Service categories">
        {(categories.data ?? []).map((c) => (
          <CategoryRow key={c.id} category={c} />
        ))}
        <CategoryRow key={`new-${categories.data?.length ?? 0}`} position={(categories.data?.at(-1)?.position ?? 0) + 1} />
      </ul>
    </div>
  );
}

function CategoryRow({ category, position }: { category?: ServiceCategory; position?: number }) {
  const utils = trpc.useUtils();
  const create = trpc.serviceHours.createCategory.useMutation();
  const update = trpc.serviceHours.updateCategory.useMutation();
  const [name, setName] = useState(category?.name ?? '');
  const [reportable, setReportable] = useState(category?.reportable ?? true);
  const changed = category ? name !== category.name || reportable !== category.reportable : name.trim() !== '';
  const id = category ? `category-${category.id}` : 'category-new';
  const save = async () => {
    try {
      if (category) await update.mutateAsync({ id: category.id, name, position: category.position, reportable });
      else await create.mutateAsync({ name, position: position ?? 1, reportable });
      toast.success(category ? 'Category saved' : 'Category added', { description: name });
      await utils.serviceHours.categories.invalidate();
    } catch (err) {
      toast.error(serverMessage(err) ?? 'Could not save the category. Please try again.');
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
      <label htmlFor={id} className="sr-only">
        {category ? `Name of ${category.name}` : 'New category'}
      </label>
      <Input
        id={id}
        value={name}
        placeholder={category ? undefined : 'New category'}
        maxLength={100}
        className="min-w-0 flex-1 basis-56"
        onChange={(e) => setName(e.target.value)}
        // Enter saves this row, never the settings form around it.
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (changed) void save();
        }}
      />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-5" checked={reportable} onChange={(e) => setReportable(e.target.checked)} />
        Reportable
      </label>
      <Button type="button" variant={category ? 'outline' : 'default'} disabled={!changed || create.isPending || update.isPending} onClick={() => void save()}>
        {category ? <SaveIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
        {category ? 'Save' : 'Add category'}
        <span className="sr-only">{category ? `: ${category.name}` : ''}</span>
      </Button>
    </li>
  );
}
