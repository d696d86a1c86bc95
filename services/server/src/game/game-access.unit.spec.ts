import { loginOrigins } from './game-access';

describe('loginOrigins', () => {
  it('given a loopback PUBLIC_URL, then every loopback name on its port is a login origin, PUBLIC_URL first', () => {
    expect(loginOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(loginOrigins('http://127.0.0.1:8080')).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
    ]);
  });

  it('given a public address, then it is the only one', () => {
    expect(loginOrigins('https://tradewise.example.com')).toEqual(['https://tradewise.example.com']);
  });
});
