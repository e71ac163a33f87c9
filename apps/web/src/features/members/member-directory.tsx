import { PencilIcon, Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import type { Member } from '@post/contracts/members';
import { commonMessages } from '@post/contracts/messages/common';
import { memberMessages } from '@post/contracts/messages/members';
import { StatusBadge } from '../../components/status-badge.tsx';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { cn } from '@post/ui/lib/utils';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { serverMessage, sessionLapsedMessage, trpc } from '../../lib/trpc.ts';
import { branchLabel, paidThroughText, postRoleLabel, standingText } from './labels.ts';

/** Why a member cannot sign in to the portal, or null when they can (the API's own rule: member-auth.service.ts). */
export function signInBlocker(m: Pick<Member, 'isActive' | 'hasOnlineAccess' | 'hasPortalPassword'>): string | null {
  if (!m.hasOnlineAccess) return 'Online access is off';
  if (!m.hasPortalPassword) return 'No portal password set';
  if (!m.isActive) return 'Member is inactive';
  return null;
}
/** The standing in the Legion's words, with Delinquent, Suspended or Dropped beside it when so (decision 0086). */
function Dues({ member }: { member: Member }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span>{member.duesStatus === 'current' ? standingText(member) : paidThroughText(member)}</span>
      {member.duesStatus === 'delinquent' ? <Badge variant="warning">Delinquent</Badge> : null}
      {member.duesStatus === 'suspended' ? <Badge variant="destructive">Suspended</Badge> : null}
      {member.duesStatus === 'dropped' ? <Badge variant="destructive">Dropped</Badge> : null}
    </span>
  );
}

/** Active, Inactive, or Deceased for a member on the honor roll. */
function MemberStatus({ member }: { member: Member }) {
  return member.deceasedOn ? <Badge variant="secondary">Deceased</Badge> : <StatusBadge active={member.isActive} />;
}

function AccessBadge({ enabled }: { enabled: boolean }) {
  return <Badge variant={enabled ? 'normal' : 'outline'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>;
}
/** Under the Online Access badge: "Can sign in", or why not (issue 23 #5: "Enabled" alone misled). */
function SignInState({ member }: { member: Member }) {
  const reason = signInBlocker(member);
  return (
    <span className={cn('block text-sm', reason ? 'text-flag-red-800' : 'text-muted-foreground')}>
      {reason ? `Cannot sign in: ${reason.toLowerCase()}` : 'Can sign in'}
    </span>
  );
}

/** An e-mail address that wraps before its "@", never mid-word (issue 46 #9). */
function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

export function Directory({ members, onEdit }: { members: Member[]; onEdit: (m: Member) => void }) {
  return (
    <>
      {/* Wide screens: the spec's table. */}
      <div className="hidden md:block">
        <Table aria-labelledby="directory-heading" scrollLabel="Member Directory (scroll sideways to see more)">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Name</TableHead>
              <TableHead scope="col">Membership #</TableHead>
              <TableHead scope="col">Email</TableHead>
              <TableHead scope="col">Post Role</TableHead>
              <TableHead scope="col">Branch</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Online Access</TableHead>
              <TableHead scope="col">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((m) => (
              <TableRow key={m.id}>
                <TableCell className="font-semibold">
                  {m.firstName} {m.lastName}
                </TableCell>
                <TableCell className="whitespace-nowrap">{m.membershipNumber}</TableCell>
                <TableCell className="break-words">
                  <Email address={m.email} />
                </TableCell>
                <TableCell className={cn(m.postRole === 'none' && 'text-muted-foreground')}>{postRoleLabel(m.postRole)}</TableCell>
                <TableCell>{branchLabel(m.branchOfService)}</TableCell>
                <TableCell>
                  {/* Dues sit under the status: one more column would push Actions off a 1280 px screen. */}
                  <MemberStatus member={m} />
                  <span className="mt-1 block text-sm">
                    <Dues member={m} />
                  </span>
                </TableCell>
                <TableCell>
                  <AccessBadge enabled={m.hasOnlineAccess} />
                  <SignInState member={m} />
                </TableCell>
                <TableCell>
                  <RowActions member={m} onEdit={onEdit} compact />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {/* Phones: one card per member with the same facts. */}
      <ul className="space-y-3 md:hidden" aria-labelledby="directory-heading">
        {members.map((m) => (
          <li key={m.id} className="rounded-lg border p-4">
            <p className="text-lg font-semibold">
              {m.firstName} {m.lastName}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-base">
              <dt className="text-muted-foreground">Membership #</dt>
              <dd>{m.membershipNumber}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-words">
                <Email address={m.email} />
              </dd>
              <dt className="text-muted-foreground">Post Role</dt>
              <dd>{postRoleLabel(m.postRole)}</dd>
              <dt className="text-muted-foreground">Branch</dt>
              <dd>{branchLabel(m.branchOfService)}</dd>
              <dt className="text-muted-foreground">Dues</dt>
              <dd>
                <Dues member={m} />
              </dd>
            </dl>
            <div className="mt-2 flex flex-wrap gap-2">
              <MemberStatus member={m} />
              <span className="inline-flex items-center gap-1 text-sm">
                Online Access: <AccessBadge enabled={m.hasOnlineAccess} />
              </span>
              <span className="w-full">
                <SignInState member={m} />
              </span>
            </div>
            <div className="mt-3">
              <RowActions member={m} onEdit={onEdit} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function RowActions({ member, onEdit, compact }: { member: Member; onEdit: (m: Member) => void; compact?: boolean }) {
  const utils = trpc.useUtils();
  const remove = trpc.members.remove.useMutation();
  const name = `${member.firstName} ${member.lastName}`;
  const onDelete = async () => {
    try {
      await remove.mutateAsync({ id: member.id });
      toast.success(commonMessages.deleted, { description: `${name} was removed from the directory.` });
    } catch (err) {
      const lapsed = sessionLapsedMessage(err);
      if (lapsed) toast.error(memberMessages.deleteFailed, { description: lapsed });
      else toast.error(serverMessage(err) ?? memberMessages.deleteFailed);
    } finally {
      await utils.members.list.invalidate();
    }
  };
  return (
    <div className={cn('flex gap-2', compact && 'xl:flex-col xl:items-stretch')}>
      {/* In the table the words show from 1280 px (issue 23 #7), one button above the other so that the
          directory fits with whole e-mail addresses (issue 46 #9); narrower, the icons with their tooltips. */}
      <Button
        variant="outline"
        size="sm"
        className={compact ? 'max-xl:size-9 max-xl:px-0' : undefined}
        data-edit-member={member.id}
        onClick={() => onEdit(member)}
        aria-label={`Edit ${name}`}
        title={compact ? `Edit ${name}` : undefined}
      >
        <PencilIcon aria-hidden="true" />
        <span className={compact ? 'max-xl:sr-only' : undefined}>Edit</span>
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="danger"
            size="sm"
            className={compact ? 'max-xl:size-9 max-xl:px-0' : undefined}
            aria-label={`Delete ${name}`}
            title={compact ? `Delete ${name}` : undefined}
            disabled={remove.isPending}
          >
            <Trash2Icon aria-hidden="true" />
            <span className={compact ? 'max-xl:sr-only' : undefined}>Delete</span>
          </Button>
        }
        title={commonMessages.confirmDeleteNamed(`${name} (${member.membershipNumber})`)}
        description={memberMessages.confirmDelete}
        onConfirm={onDelete}
      />
    </div>
  );
}
