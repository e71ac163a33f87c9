import { useState } from 'react';
import { CONFIRM } from '@post/contracts/messages';
import { NotifyVolunteersField } from '../forms/notify-volunteers.tsx';
import { DeleteButton } from './admin-table.tsx';

/** An event's Delete: the confirmation offers "Tell volunteers by e-mail" (on) when it has volunteers. */
export function DeleteEventButton({
  event,
  busy,
  onDelete,
}: {
  event: { title: string; volunteerCount: number };
  busy: boolean;
  onDelete: (notifyVolunteers: boolean) => Promise<void>;
}) {
  const [notify, setNotify] = useState(true);
  return (
    <DeleteButton name={event.title} question={CONFIRM.delete('event')} busy={busy} onConfirm={() => onDelete(notify)}>
      <NotifyVolunteersField count={event.volunteerCount} checked={notify} onChange={setNotify} deleting />
    </DeleteButton>
  );
}
