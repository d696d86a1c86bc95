import type { ComponentType } from 'react';
import { STAFF_ROUTES } from '../features/staff';

/**
 * Who may open a route: everyone, only a logged-in account (the account is refreshed first), or only staff and
 * auditors (a logged-in player sees the page-not-found page).
 */
export type Access = 'public' | 'account' | 'staff';

export type NavGroupName = 'NEWS' | 'ANALYSIS' | 'HISTORY' | 'MARKET' | 'TOOLS' | 'SETTINGS' | 'SUPPORT';

/**
 * shell: header, navigation, footer with ads; landing: no navigation, no ads; bare: the page alone; staff: the
 * staff console's own menu.
 */
export type Frame = 'shell' | 'landing' | 'bare' | 'staff';

export interface AppRoute {
  readonly path: string;
  readonly title: string;
  readonly access: Access;
  readonly frame: Frame;
  readonly nav?: { readonly group: NavGroupName; readonly label: string };
  /** The page module (loaded on first use). */
  readonly load: () => Promise<{ default: ComponentType }>;
}

/** Groups in the order the navigation shows them. SETTINGS shows only to logged-in users. */
export const NAV_GROUPS: readonly NavGroupName[] = [
  'NEWS',
  'ANALYSIS',
  'HISTORY',
  'MARKET',
  'TOOLS',
  'SETTINGS',
  'SUPPORT',
];
export const LOGGED_IN_ONLY_GROUPS: readonly NavGroupName[] = ['SETTINGS'];

const shell = 'shell' as const;

/** Every route with its access rule (account-area §2, public-tools §2). */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    title: 'Tradewise',
    access: 'public',
    frame: 'landing',
    load: () => import('../features/landing/LandingPage'),
  },
  {
    path: '/updates',
    title: 'News and Updates',
    access: 'public',
    frame: shell,
    nav: { group: 'NEWS', label: 'Updates' },
    load: () => import('../features/news/UpdatesPage'),
  },
  {
    path: '/index',
    title: 'Overview',
    access: 'account',
    frame: shell,
    nav: { group: 'ANALYSIS', label: 'Overview' },
    load: () => import('../features/overview/OverviewPage'),
  },
  {
    path: '/orders',
    title: 'Market Orders',
    access: 'account',
    frame: shell,
    nav: { group: 'ANALYSIS', label: 'Market Orders' },
    load: () => import('../features/market-orders/MarketOrdersPage'),
  },
  {
    path: '/warehouse',
    title: 'Item Warehouse',
    access: 'account',
    frame: shell,
    nav: { group: 'ANALYSIS', label: 'Item Warehouse' },
    load: () => import('../features/warehouse/WarehousePage'),
  },
  {
    path: '/trade',
    title: 'Trade Profits',
    access: 'account',
    frame: shell,
    nav: { group: 'ANALYSIS', label: 'Trade Profits' },
    load: () => import('../features/trade-profits/TradeProfitsPage'),
  },
  {
    path: '/manufacturing',
    title: 'Manufacturing Profit List',
    access: 'account',
    frame: shell,
    nav: { group: 'ANALYSIS', label: 'Manufacturing Profits' },
    load: () => import('../features/manufacturing-profits/ManufacturingProfitsPage'),
  },
  {
    path: '/contractProfits',
    title: 'Contract Profit List',
    access: 'account',
    frame: shell,
    nav: { group: 'ANALYSIS', label: 'Contract Profits' },
    load: () => import('../features/contract-profits/ContractProfitsPage'),
  },
  {
    path: '/unprocessed',
    title: 'Pending Transactions',
    access: 'account',
    frame: shell,
    nav: { group: 'ANALYSIS', label: 'Pending Transactions' },
    load: () => import('../features/pending-transactions/PendingTransactionsPage'),
  },
  {
    path: '/items',
    title: 'Item Analysis',
    access: 'account',
    frame: shell,
    nav: { group: 'HISTORY', label: 'Item History' },
    load: () => import('../features/item-analysis/ItemAnalysisPage'),
  },
  {
    path: '/items/:typeId',
    title: 'Item Analysis',
    access: 'account',
    frame: shell,
    load: () => import('../features/item-analysis/ItemAnalysisPage'),
  },
  {
    path: '/industry',
    title: 'Industry Jobs',
    access: 'account',
    frame: shell,
    nav: { group: 'HISTORY', label: 'Industry Jobs' },
    load: () => import('../features/industry-jobs/IndustryJobsPage'),
  },
  {
    path: '/transactions',
    title: 'Transactions',
    access: 'account',
    frame: shell,
    nav: { group: 'HISTORY', label: 'Transactions' },
    load: () => import('../features/transactions/TransactionsPage'),
  },
  {
    path: '/contracts',
    title: 'Contracts',
    access: 'account',
    frame: shell,
    nav: { group: 'HISTORY', label: 'Contracts' },
    load: () => import('../features/contracts/ContractsPage'),
  },
  {
    path: '/journal',
    title: 'Journal',
    access: 'account',
    frame: shell,
    nav: { group: 'HISTORY', label: 'Journal' },
    load: () => import('../features/journal/JournalPage'),
  },
  {
    path: '/market',
    title: 'Market Browser',
    access: 'public',
    frame: shell,
    nav: { group: 'MARKET', label: 'Market Browser' },
    load: () => import('../features/market/MarketBrowserPage'),
  },
  {
    path: '/market/:typeId',
    title: 'Market Browser',
    access: 'public',
    frame: shell,
    load: () => import('../features/market/MarketBrowserPage'),
  },
  {
    path: '/market/:typeId/history',
    title: 'Market Browser',
    access: 'public',
    frame: shell,
    load: () => import('../features/market/MarketBrowserPage'),
  },
  {
    path: '/margin',
    title: 'Margin Calculator',
    access: 'public',
    frame: shell,
    nav: { group: 'TOOLS', label: 'Margin Calculator' },
    load: () => import('../features/margin/MarginCalculatorPage'),
  },
  {
    path: '/industryCalculator',
    title: 'Industry Calculator',
    access: 'public',
    frame: shell,
    nav: { group: 'TOOLS', label: 'Industry Calculator' },
    load: () => import('../features/industry/IndustryCalculatorPage'),
  },
  {
    path: '/industryCalculator/:link',
    title: 'Industry Calculator',
    access: 'public',
    frame: shell,
    load: () => import('../features/industry/IndustryCalculatorPage'),
  },
  {
    path: '/appraisal',
    title: 'Appraisal',
    access: 'public',
    frame: shell,
    nav: { group: 'TOOLS', label: 'Appraisal' },
    load: () => import('../features/appraisal/AppraisalPage'),
  },
  {
    path: '/appraisal/:id',
    title: 'Appraisal',
    access: 'public',
    frame: shell,
    load: () => import('../features/appraisal/AppraisalPage'),
  },
  {
    path: '/account',
    title: 'Account',
    access: 'account',
    frame: shell,
    nav: { group: 'SETTINGS', label: 'Account' },
    load: () => import('../features/account/AccountPage'),
  },
  {
    path: '/subscription',
    title: 'Subscription',
    access: 'account',
    frame: shell,
    nav: { group: 'SETTINGS', label: 'Subscription' },
    load: () => import('../features/subscription/SubscriptionPage'),
  },
  {
    path: '/itemSettings',
    title: 'Settings',
    access: 'account',
    frame: shell,
    nav: { group: 'SETTINGS', label: 'Settings' },
    load: () => import('./settings/SettingsPage'),
  },
  {
    path: '/logout',
    title: 'Logout',
    access: 'public',
    frame: shell,
    nav: { group: 'SETTINGS', label: 'Logout' },
    load: () => import('../features/account/LogoutPage'),
  },
  {
    path: '/docs',
    title: 'Public market API',
    access: 'public',
    frame: shell,
    nav: { group: 'SUPPORT', label: 'API' },
    load: () => import('../features/api-docs/ApiDocsPage'),
  },
  {
    path: '/faq',
    title: 'FAQ',
    access: 'public',
    frame: shell,
    nav: { group: 'SUPPORT', label: 'FAQ' },
    load: () => import('../features/support/FaqPage'),
  },
  {
    path: '/contact',
    title: 'About and Contact',
    access: 'public',
    frame: shell,
    nav: { group: 'SUPPORT', label: 'About and Contact' },
    load: () => import('../features/support/ContactPage'),
  },
  {
    path: '/addCharacterComplete',
    title: 'Character added',
    access: 'public',
    frame: 'bare',
    load: () => import('../features/account/AddCharacterCompletePage'),
  },
  ...STAFF_ROUTES.map((route): AppRoute => ({
    path: route.path,
    title: route.title,
    access: 'staff',
    frame: 'staff',
    load: route.load,
  })),
];
