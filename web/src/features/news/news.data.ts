import type { NewsEntry } from './news.types';

/** The news, newest first. A static file, not an API call: add an entry at the top to publish one. */
export const NEWS: readonly NewsEntry[] = [
  {
    date: '2026-11-21',
    title: 'Welcome to the new Tradewise',
    content:
      'Tradewise has a new home. The landing page shows what each tier gives, and the navigation groups every page by what you do: analysis, history, market, tools, settings and support. Pages that work with your characters ask you to log in first, everything else is open to every pilot.',
    changes: [],
    changesCategories: [
      {
        title: 'New',
        changes: [
          'Landing page with the Free, Supporter and Pro feature lists',
          'API page documenting the public market API for bots, spreadsheets and fitting tools',
          'Frequently asked questions, and an About and Contact page',
        ],
      },
      {
        title: 'Improved',
        changes: [
          'On phones and narrow windows the navigation folds into a menu',
          'The header shows game time (UTC) and when your account syncs next',
        ],
      },
    ],
  },
  {
    date: '2026-11-14',
    title: 'Game data from the latest SDE',
    content:
      'Item names, market groups, regions, solar systems and the stargate map now come straight from the newest static data export. Searches understand every language of the game client, so a German or Russian item name finds the same item as its English one.',
    changes: [
      'Item search in English, German, French, Japanese, Korean, Russian, Chinese and Spanish',
      'Stargate jump counts between any two systems',
      'Names of every industry structure rig, ready for the industry calculator',
    ],
    changesCategories: [],
  },
  {
    date: '2026-11-07',
    title: 'A ledger you can audit',
    content:
      'Behind the scenes every imported transaction, journal entry and industry job is recorded once, in order, and profits are computed from that record. When a rule changes, for example a new sales tax rate, we recompute your history from the record instead of patching numbers, so old and new profits always agree.',
    changes: [],
    changesCategories: [
      {
        title: 'Reliability',
        changes: [
          'A record imported twice is stored once',
          'Profit reports rebuild from the full history after a rules change',
        ],
      },
    ],
  },
];
