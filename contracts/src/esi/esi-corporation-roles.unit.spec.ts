import {
  CORPORATION_ORDER_ROLES,
  holdsCorporationRole,
  isFactoryManager,
  readsCorporationWallets,
} from './esi-corporation-roles';

describe('what a character’s corporation roles allow', () => {
  it('corporation industry sync: the Factory Manager, as ESI spells it or in capitals; not a Director alone', () => {
    expect(isFactoryManager(['Factory_Manager'])).toBe(true);
    expect(isFactoryManager(['Director', 'FACTORY_MANAGER'])).toBe(true);
    expect(isFactoryManager(['Director', 'Trader'])).toBe(false);
    expect(isFactoryManager([])).toBe(false);
  });

  it('corporation trade: the roles that read the corporation wallets, and a Director', () => {
    for (const role of ['Accountant', 'Junior_Accountant', 'DIRECTOR'])
      expect(readsCorporationWallets([role])).toBe(true);
    expect(readsCorporationWallets(['Trader', 'Factory_Manager'])).toBe(false);
  });

  it('a route’s required roles: any one of them, or Director', () => {
    expect(holdsCorporationRole(['trader'], CORPORATION_ORDER_ROLES)).toBe(true);
    expect(holdsCorporationRole(['Director'], CORPORATION_ORDER_ROLES)).toBe(true);
    expect(holdsCorporationRole(['Junior_Accountant'], CORPORATION_ORDER_ROLES)).toBe(false);
  });
});
