import type * as React from 'react';
import { ArchiveIcon, AwardIcon, ClipboardListIcon, FileTextIcon, LandmarkIcon, UsersIcon } from 'lucide-react';
import { ACCESS_LEVELS, MEMBER_RESOURCE_CATEGORIES, RESOURCE_TYPES, labelOf, type AccessLevel } from '@post/contracts/enums';

/** Access level labels ('member' means every member). */
export const ACCESS_LEVEL_LABELS: Record<AccessLevel, string> = {
  member: 'All Members',
  officers: 'Officers',
  life_members: 'Life Members',
  annual_members: 'Annual Members',
};
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
