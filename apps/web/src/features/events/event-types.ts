import { EVENT_TYPES, EVENT_TYPE_LABELS, type EventType } from '@post/contracts/enums/event-type';

/** An event's type; anything unknown is shown as regular (spec §3). */
export function eventTypeOf(type: string): EventType {
  return (EVENT_TYPES as readonly string[]).includes(type) ? (type as EventType) : 'regular';
}

/** Legend order and labels of the calendar. */
// Funeral honors are left out: most details are unlisted (decision 0088).
export const LEGEND: { type: EventType; label: string }[] = EVENT_TYPES.filter((type) => type !== 'honors').map((type) => ({
  type,
  label: EVENT_TYPE_LABELS[type],
}));

/** Fill and text colour of calendar chips and legend swatches by type (theme event-* colours). */
export const CHIP_CLASS: Record<EventType, string> = {
  regular: 'bg-event-regular text-event-regular-foreground',
  special: 'bg-event-special text-event-special-foreground',
  community: 'bg-event-community text-event-community-foreground',
  fundraiser: 'bg-event-fundraiser text-event-fundraiser-foreground',
  honors: 'bg-navy-800 text-white',
};

/** CSS colours handed to the calendar (fill, text) by type. */
export const CHIP_COLORS: Record<EventType, { color: string; contrastColor: string }> = {
  regular: { color: 'var(--event-regular)', contrastColor: 'var(--event-regular-foreground)' },
  special: { color: 'var(--event-special)', contrastColor: 'var(--event-special-foreground)' },
  community: { color: 'var(--event-community)', contrastColor: 'var(--event-community-foreground)' },
  fundraiser: { color: 'var(--event-fundraiser)', contrastColor: 'var(--event-fundraiser-foreground)' },
  honors: { color: 'var(--color-navy-800)', contrastColor: '#ffffff' },
};

/** Header colour of the home page's event cards (spec §4): special red, community green, fundraiser yellow, other navy. */
export const CARD_HEADER_CLASS: Record<EventType, string> = {
  regular: 'bg-navy-800 text-white',
  special: 'bg-event-special text-event-special-foreground',
  community: 'bg-event-community text-event-community-foreground',
  fundraiser: 'bg-event-fundraiser text-event-fundraiser-foreground',
  honors: 'bg-navy-800 text-white',
};
