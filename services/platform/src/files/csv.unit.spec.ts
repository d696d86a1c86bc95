import { csvOf } from './csv';

describe('CSV exports', () => {
  it('given negative amounts, when exported, then they stay numbers a spreadsheet can sum', () => {
    expect(csvOf(['amount'], [['-444710.00'], [-12.5], ['1200.00']])).toBe(
      'amount\r\n-444710.00\r\n-12.5\r\n1200.00\r\n',
    );
  });

  it('given texts that start like formulas, when exported, then they are neutralised', () => {
    expect(csvOf(['description'], [['=HYPERLINK("x")'], ['-1+cmd'], ['+44'], ['@SUM(A1)']])).toBe(
      'description\r\n"\'=HYPERLINK(""x"")"\r\n\'-1+cmd\r\n\'+44\r\n\'@SUM(A1)\r\n',
    );
  });
});
