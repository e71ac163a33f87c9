import type * as React from 'react';
import { ArchiveIcon, AwardIcon, ClipboardListIcon, FileTextIcon, LandmarkIcon, UsersIcon } from 'lucide-react';
import { ACCESS_LEVELS, ACCESS_LEVEL_LABELS } from '@post/contracts/enums/access-level';
import { labelOf } from '@post/contracts/enums/label';
import { MEMBER_RESOURCE_CATEGORIES } from '@post/contracts/enums/member-resource-category';
import { RESOURCE_TYPES } from '@post/contracts/enums/resource-type';

export const ACCESS_OPTIONS = ACCESS_LEVELS.map((a) => ({ value: a, label: ACCESS_LEVEL_LABELS[a] }));
export const CATEGORY_OPTIONS = MEMBER_RESOURCE_CATEGORIES.map((c) => ({ value: c, label: labelOf(c) }));
export const RESOURCE_TYPE_OPTIONS = RESOURCE_TYPES.map((t) => ({ value: t, label: labelOf(t) }));

const ICONS: Record<string, React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>> = {
  bylaws: LandmarkIcon,
  forms: ClipboardListIcon,
  meetings: UsersIcon,
  benefits: AwardIcon,
  documents: FileTextIcon,
};

/** The icon of a member resource category (decorative: the category is written beside it). */
export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const Icon = ICONS[category] ?? ArchiveIcon;
  return <Icon aria-hidden="true" className={className} />;
}

/** The draft key of a resource's editor: the new one's draft also reopens the editor from the list. */
export const draftKey = (id?: number) => `member-resource:${id ?? 'new'}`;
