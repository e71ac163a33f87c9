// What the month grid draws in its cells: chips, a phone's dots and "+N more" (events-calendar.tsx).

/** "6:30 PM" as everywhere else on the site, whatever FullCalendar's own text ("6:30pm", "11:00AM"). */
export function chipTime(text: string): string {
  // A no-break space: "6:30" and "PM" stay on one line when the title wraps.
  return text.replace(/\s*([ap])\.?m?\.?$/i, (_m, x: string) => `\u00a0${x.toUpperCase()}M`);
}

/** The more-link's accessible name (its visible text is "+2 more"). */
export function moreLabel(n: number): string {
  return `Show ${n} more ${n === 1 ? 'event' : 'events'} on this day`;
}

type ChipInfo = { color: string; timeText: string; timeClass: string; titleClass: string; event: { title: string; startStr: string } };
/**
 * A phone's marks: a dot each, named for screen readers by the event, the day's count and what a
 * tap does (it lists the day under the grid; issue 46). `counts`: events per day ("2026-11-12").
 */
export function dotContentWith(counts: Map<string, number>) {
  return function dotContent(info: ChipInfo) {
    const n = counts.get(info.event.startStr.slice(0, 10)) ?? 1;
    return (
      <>
        <span className="post-cal-dot" style={{ background: info.color }} />
        <span className="sr-only">
          {info.timeText ? `${chipTime(info.timeText)} ` : ''}
          {info.event.title}. {n} {n === 1 ? 'event' : 'events'} on this day: opens the day's list.
        </span>
      </>
    );
  };
}
export function chipContent(info: ChipInfo) {
  return (
    <>
      {info.timeText ? <span className={info.timeClass}>{chipTime(info.timeText)} </span> : null}
      <span className={info.titleClass}>{info.event.title}</span>
    </>
  );
}
export function moreLinkContent(info: { num: number }) {
  return (
    <>
      <span aria-hidden="true">+{info.num} more</span>
      <span className="sr-only">{moreLabel(info.num)}</span>
    </>
  );
}

/** On phones "+N more" lists the day under the grid: it claims no popup (decision 0087). */
export function dropPopupClaim(info: { el: HTMLElement }) {
  info.el.removeAttribute('aria-haspopup');
  info.el.removeAttribute('aria-expanded');
}
