import type { ComponentType } from 'react';

/** A page of the staff console (`/staff/...`): open to staff and auditors, hidden from players. */
export interface StaffRoute {
  readonly path: string;
  readonly title: string;
  /** The console menu's label. */
  readonly label: string;
  readonly load: () => Promise<{ default: ComponentType }>;
}

/** The staff console's pages, in the order its menu shows them. */
export const STAFF_ROUTES: readonly StaffRoute[] = [
  {
    path: '/staff',
    title: 'Read models',
    label: 'Read models',
    load: () => import('./ProjectionsPage'),
  },
  {
    path: '/staff/accounts',
    title: 'Accounts',
    label: 'Accounts',
    load: () => import('./AccountsPage'),
  },
  {
    path: '/staff/rules',
    title: 'Rules',
    label: 'Rules',
    load: () => import('./RulesPage'),
  },
  {
    path: '/staff/rebuilds',
    title: 'Rebuild & diff',
    label: 'Rebuild & diff',
    load: () => import('./RebuildsPage'),
  },
  {
    path: '/staff/events',
    title: 'Event log',
    label: 'Event log',
    load: () => import('./EventLogPage'),
  },
  {
    path: '/staff/verify',
    title: 'Verify the event log',
    label: 'Verify',
    load: () => import('./VerifyPage'),
  },
];
