import { useId, useState } from 'react';
import { LinkIcon } from 'lucide-react';
import { safeHref } from '@post/contracts/rules/news-markup';
import { Button } from '@post/ui/components/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@post/ui/components/dialog';
import { Input } from '@post/ui/components/input';

const BAD_ADDRESS = 'Enter a web address starting with https://, a page of this site starting with /, or mailto: and an e-mail address.';

/**
 * The Link button of a news body's toolbar: asks for the address, then `onInsert` puts the
 * selected text (or the address itself) in a link. Only addresses the page will link are taken.
 */
export function LinkTool({ onInsert }: { onInsert: (href: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const insert = () => {
    const typed = address.trim();
    const href = safeHref(/^www\./i.test(typed) ? `https://${typed}` : typed);
    if (!href) {
      setError(BAD_ADDRESS);
      return;
    }
    setOpen(false);
    setAddress('');
    setError(undefined);
    onInsert(href);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="outline" size="sm" onMouseDown={(e) => e.preventDefault()} onClick={() => setOpen(true)} title="Link">
        <LinkIcon aria-hidden="true" />
        Link
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a link</DialogTitle>
          <DialogDescription>The selected text becomes the link; with nothing selected, the address is shown as it is.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            // React carries a portal's events to its parents: this submit must not save the news form around it.
            e.stopPropagation();
            insert();
          }}
        >
          <div className="space-y-2">
            <label htmlFor={id} className="block font-semibold">
              Link address
            </label>
            <Input
              id={id}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} className="text-base font-semibold text-flag-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Add link</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
