import { activeNavPath, navigationGroups } from './navigation';
import { ROUTES } from './routes';

const table = (loggedIn: boolean) =>
  navigationGroups(loggedIn).map((group) => [
    group.name,
    group.items.map((item) => `${item.path} ${item.label}`),
  ]);

describe('navigation groups (account-area §2)', () => {
  it('shows visitors every group but SETTINGS, with the spec routes and labels', () => {
    expect(table(false)).toEqual([
      ['NEWS', ['/updates Updates']],
      [
        'ANALYSIS',
        [
          '/index Overview',
          '/orders Market Orders',
          '/warehouse Item Warehouse',
          '/trade Trade Profits',
          '/manufacturing Manufacturing Profits',
          '/contractProfits Contract Profits',
          '/unprocessed Pending Transactions',
        ],
      ],
      [
        'HISTORY',
        [
          '/items Item History',
          '/industry Industry Jobs',
          '/transactions Transactions',
          '/contracts Contracts',
          '/journal Journal',
        ],
      ],
      ['MARKET', ['/market Market Browser']],
      [
        'TOOLS',
        ['/margin Margin Calculator', '/industryCalculator Industry Calculator', '/appraisal Appraisal'],
      ],
      ['SUPPORT', ['/docs API', '/faq FAQ', '/contact About and Contact']],
    ]);
  });

  it('adds SETTINGS for logged-in users', () => {
    expect(table(true).find(([name]) => name === 'SETTINGS')).toEqual([
      'SETTINGS',
      ['/account Account', '/subscription Subscription', '/itemSettings Settings', '/logout Logout'],
    ]);
  });

  it('needs login for ANALYSIS, HISTORY and SETTINGS pages, and for nothing else', () => {
    for (const group of navigationGroups(true)) {
      const needsLogin = ['ANALYSIS', 'HISTORY', 'SETTINGS'].includes(group.name);
      for (const item of group.items) {
        expect([item.path, item.access]).toEqual([
          item.path,
          needsLogin && item.path !== '/logout' ? 'account' : 'public',
        ]);
      }
    }
  });

  it('keeps every public-tools route public', () => {
    const publicPaths = [
      '/',
      '/updates',
      '/market',
      '/market/:typeId',
      '/market/:typeId/history',
      '/margin',
      '/appraisal',
      '/appraisal/:id',
      '/industryCalculator',
      '/industryCalculator/:link',
      '/docs',
      '/faq',
      '/contact',
    ];
    for (const path of publicPaths)
      expect(ROUTES.find((route) => route.path === path)?.access).toBe('public');
  });

  it('highlights the entry a location belongs to', () => {
    const groups = navigationGroups(true);
    expect(activeNavPath('/market/34/history', groups)).toBe('/market');
    expect(activeNavPath('/items/34', groups)).toBe('/items');
    expect(activeNavPath('/industryCalculator/abc', groups)).toBe('/industryCalculator');
    expect(activeNavPath('/index', groups)).toBe('/index');
    expect(activeNavPath('/', groups)).toBeNull();
    expect(activeNavPath('/marketing', groups)).toBeNull();
  });

  it('has one entry per path', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
