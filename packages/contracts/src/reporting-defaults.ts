/** A unit of the Legion Family (or the VFW's own), by a key that never changes (decision 0085). */
export interface ReportUnit {
  key: string;
  name: string;
}
/** A kind of count a report asks for (pints of blood, Buddy Checks, ...), by a pinned key. */
export interface ServiceCountKind {
  key: string;
  name: string;
}
export interface ReportingSettings {
  units: ReportUnit[];
  countKinds: ServiceCountKind[];
}

/** The key of a walk-in's unit when none is chosen: counted nowhere a form asks for a unit. */
export const GUEST_UNIT = 'guest';

/** The defaults: keys pinned by issue 60; names an administrator may change. */
export const DEFAULT_REPORTING_SETTINGS: ReportingSettings = {
  units: [
    { key: 'post', name: 'Post' },
    { key: 'auxiliary', name: 'Auxiliary' },
    { key: 'sons', name: 'Sons of the American Legion' },
    { key: 'riders', name: 'Legion Riders' },
  ],
  countKinds: [
    { key: 'bloodPints', name: 'Pints of blood' },
    { key: 'bloodDonors', name: 'Blood donors' },
    { key: 'funeralHonors', name: 'Funeral honors provided' },
    { key: 'buddyChecks', name: 'Buddy Checks' },
    { key: 'serviceOfficerCases', name: 'Service officer cases' },
    { key: 'flagsPresented', name: 'Flags presented' },
    { key: 'ceremonies', name: 'Ceremonies' },
    { key: 'youthSponsored', name: 'Young people sponsored' },
  ],
};
