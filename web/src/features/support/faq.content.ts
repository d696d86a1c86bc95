import { FREE_TRIAL_DAYS, SUBSCRIPTION_DAYS, SYNC_CHARACTER_LIMITS } from '../../shared/config/constants';
import { PRODUCT_CORPORATION_NAME } from '../../shared/config/product';
import { tierPriceText } from '../../shared/config/tiers';

export interface FaqEntry {
  readonly question: string;
  readonly answer: readonly string[];
}

export interface FaqGroup {
  readonly title: string;
  readonly entries: readonly FaqEntry[];
}

export const FAQ: readonly FaqGroup[] = [
  {
    title: 'Getting started',
    entries: [
      {
        question: 'What does Tradewise do?',
        answer: [
          'It tells you what your trading and industry really earned. Tradewise imports the wallet transactions, journal, industry jobs and contracts of your characters from the game, matches every sale with what you paid for the items or what building them cost, and subtracts broker fees and sales tax.',
          'The market browser, the appraisal tool, the margin calculator and the industry calculator are free for everyone, with or without an account.',
        ],
      },
      {
        question: 'Is it safe to log in?',
        answer: [
          "You log in on EVE Online's own single sign-on page. Tradewise never sees your password: CCP gives us a token that allows only the reads you approve (the scopes listed on the login page), and you can revoke it at any time on the EVE Online third-party applications page.",
        ],
      },
      {
        question: 'Why do I have to start syncing myself?',
        answer: [
          'So you can first add all your characters and your broker fee overrides. Profits are computed from the first import on; starting after everything is set up means the first numbers are already right.',
        ],
      },
    ],
  },
  {
    title: 'Profits and data',
    entries: [
      {
        question: 'How is the profit of a sale computed?',
        answer: [
          'Each sale is matched with the units you bought before it, oldest first (first in, first out), so a sale earns the sell price minus the buy price of those units, minus the broker fee of both orders and the sales tax. Units you built are costed from the materials that went into the job and its cost, and items bought through a contract at their appraised share of the contract price; anything else you hold can get a price in the Item Warehouse.',
          'Where the game does not tell which order a fee belongs to, Tradewise spreads it over the orders it can belong to. You can correct any row on the profit pages.',
        ],
      },
      {
        question: 'Why is my history only 30 days long?',
        answer: [
          "The game's API keeps 30 days of wallet transactions and journal. Tradewise keeps everything it imports from the day you start syncing, so your history grows from there; it cannot fetch what the game no longer has.",
          'Free accounts see the last 30 days of profit; Supporter and Pro accounts see all of it.',
        ],
      },
      {
        question: 'How often are my characters updated?',
        answer: [
          'Every hour. The header shows when the next update is due. If the game API times out, Tradewise tries again about 20 minutes later and tells you in the header that your data may be out of date.',
        ],
      },
      {
        question: 'An item has no buy price. What now?',
        answer: [
          'Items you got from contracts, loot or another character have no purchase in your wallet. Give them a price in the Item Warehouse, or set a default price region for the character in Settings, and Tradewise uses it for later sales.',
        ],
      },
    ],
  },
  {
    title: 'Subscriptions',
    entries: [
      {
        question: 'What do the tiers cost and give?',
        answer: [
          `Free syncs ${SYNC_CHARACTER_LIMITS.FREE} characters every hour and shows 30 days of profit. Supporter (${tierPriceText('SUPPORTER')} for ${SUBSCRIPTION_DAYS} days) adds ${SYNC_CHARACTER_LIMITS.SUPPORTER} characters, all-time history and private-structure undercuts, without ads, and contract profits. Pro (${tierPriceText('PRO')}) syncs any number of characters and adds corporation industry jobs; corporation trade tracking is in development.`,
          `Accounts that never had a subscription can try Pro free for ${FREE_TRIAL_DAYS} days.`,
        ],
      },
      {
        question: 'How do I pay?',
        answer: [
          `In ISK, in the game: send ISK from the personal wallet of one of your account's characters to the corporation ${PRODUCT_CORPORATION_NAME}. The deposit appears on your Subscription page after the next sync, and you buy the tier there. Subscriptions are non-refundable.`,
        ],
      },
      {
        question: 'Why do I see ads?',
        answer: ['Ads pay for the servers of free accounts. Supporter and Pro accounts see none.'],
      },
    ],
  },
  {
    title: 'Tools and API',
    entries: [
      {
        question: 'Where do market prices come from?',
        answer: [
          'From the public order books of the game, read from its API. Statistics leave out absurd orders (buy orders under 10% of the best buy, sell orders at ten times the best sell) so one troll order does not move a price.',
        ],
      },
      {
        question: 'Can my tool read Tradewise prices?',
        answer: [
          'Yes. The API page documents the public market calls. They need no login; please keep to a few requests per second and respect the cache times the answers carry.',
        ],
      },
    ],
  },
];
