import { parseImportArguments } from './cli-arguments';

describe('importer command line', () => {
  it('defaults to the npm package and the default directory', () => {
    expect(parseImportArguments([])).toEqual({ help: false });
  });

  it('takes an SDE directory, an output directory, a version and a build date', () => {
    expect(
      parseImportArguments([
        '/tmp/sde',
        '--out',
        'data/x',
        '--sde-version=3000000',
        '--build-date',
        '2026-10-01',
      ]),
    ).toEqual({
      sdePath: '/tmp/sde',
      outputDir: 'data/x',
      sdeVersion: '3000000',
      buildDate: '2026-10-01',
      help: false,
    });
    expect(parseImportArguments(['--sde', '/tmp/sde']).sdePath).toBe('/tmp/sde');
    expect(
      parseImportArguments(['--sde=https://developers.eveonline.com/static-data/tranquility']).sdePath,
    ).toBe('https://developers.eveonline.com/static-data/tranquility');
  });

  it('refuses unknown options, missing values, bad dates and two directories', () => {
    expect(() => parseImportArguments(['--fast'])).toThrow('Unknown option --fast');
    expect(() => parseImportArguments(['--out'])).toThrow('--out needs a value');
    expect(() => parseImportArguments(['--build-date', '16/09/2026'])).toThrow(/--build-date must be a date/);
    expect(() => parseImportArguments(['a', 'b'])).toThrow(/Only one SDE can be imported/);
  });

  it('recognises help', () => {
    expect(parseImportArguments(['--help']).help).toBe(true);
  });
});
