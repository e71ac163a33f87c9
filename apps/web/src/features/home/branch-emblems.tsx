import type * as React from 'react';

// Our own simple artwork, not the services' official seals or emblems.

function Badge({ fill, children }: { fill: string; children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="size-16 sm:size-20">
      <circle cx="32" cy="32" r="30" fill={fill} stroke="#c9a227" strokeWidth="3" />
      <circle cx="32" cy="32" r="25" fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="1" />
      {children}
    </svg>
  );
}

const line = { fill: 'none', stroke: '#ffffff', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Army: a five-pointed star. */
function Army() {
  return (
    <Badge fill="#4b5320">
      <polygon points="32,15 36.1,26.3 48.2,26.8 38.7,34.2 42,45.8 32,39 22,45.8 25.3,34.2 15.8,26.8 27.9,26.3" fill="#ffffff" />
    </Badge>
  );
}

/** Navy: an anchor. */
function Navy() {
  return (
    <Badge fill="#1b2a4a">
      <circle cx="32" cy="17" r="3.5" {...line} />
      <path d="M32 20.5V47M24 26h16M18 37c1 7 7 11 14 11s13-4 14-11" {...line} />
      <path d="M15 40l3-4 4 3M49 40l-3-4-4 3" {...line} />
    </Badge>
  );
}

/** Marines: a globe. */
function Marines() {
  return (
    <Badge fill="#951b2b">
      <circle cx="32" cy="32" r="13" {...line} />
      <ellipse cx="32" cy="32" rx="5.5" ry="13" {...line} />
      <path d="M19 32h26M21 25h22M21 39h22" {...line} strokeWidth={2} />
    </Badge>
  );
}

/** Air Force: wings around a star. */
function AirForce() {
  return (
    <Badge fill="#1e40af">
      <path d="M28 34L10 27l4 5-5 1 7 3-4 2 16 1zM36 34l18-7-4 5 5 1-7 3 4 2-16 1z" fill="#ffffff" />
      <polygon points="32,24 34.4,29.7 40.5,30.2 35.8,34.1 37.3,40 32,36.8 26.7,40 28.2,34.1 23.5,30.2 29.6,29.7" fill="#c9a227" />
    </Badge>
  );
}

/** Coast Guard: a life ring. */
function CoastGuard() {
  return (
    <Badge fill="#1d4ed8">
      <circle cx="32" cy="32" r="12" fill="none" stroke="#ffffff" strokeWidth="7" />
      <circle cx="32" cy="32" r="12" fill="none" stroke="#ea580c" strokeWidth="7" strokeDasharray="9.42 9.42" transform="rotate(-22 32 32)" />
    </Badge>
  );
}

/** Space Force: a planet with an orbit and stars. */
function SpaceForce() {
  return (
    <Badge fill="#0b1426">
      <circle cx="32" cy="32" r="7" fill="#ffffff" />
      <ellipse cx="32" cy="32" rx="18" ry="6.5" {...line} strokeWidth={2.5} transform="rotate(-25 32 32)" />
      <circle cx="20" cy="18" r="1.6" fill="#ffffff" />
      <circle cx="46" cy="45" r="1.6" fill="#ffffff" />
      <circle cx="45" cy="17" r="1.2" fill="#c9a227" />
    </Badge>
  );
}

/** The six branches (spec §3 order on the strip: as the spec lists them on the home page). */
export const BRANCH_EMBLEMS: { name: string; Emblem: () => React.ReactElement }[] = [
  { name: 'Army', Emblem: Army },
  { name: 'Navy', Emblem: Navy },
  { name: 'Marines', Emblem: Marines },
  { name: 'Air Force', Emblem: AirForce },
  { name: 'Coast Guard', Emblem: CoastGuard },
  { name: 'Space Force', Emblem: SpaceForce },
];

/** The 'Proudly Honoring All Branches' strip. */
export function BranchesStrip() {
  return (
    <section aria-labelledby="branches-heading" className="border-b bg-navy-50">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h2 id="branches-heading" className="mb-6 text-center text-2xl font-bold text-navy-800">
          Proudly Honoring All Branches
        </h2>
        <ul className="grid grid-cols-3 gap-x-4 gap-y-6 sm:grid-cols-6">
          {BRANCH_EMBLEMS.map(({ name, Emblem }) => (
            <li key={name} className="flex flex-col items-center gap-2 text-center">
              <Emblem />
              <span className="text-base font-semibold text-navy-800">{name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
