import { Writable } from 'node:stream';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('redacts session cookies, CSRF and bearer tokens and new cookies from request logs', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    createLogger('info', sink).info(
      {
        req: {
          url: '/api/v1/account',
          headers: {
            cookie: 'tw_session=secret-session; tw_csrf=secret-csrf',
            authorization: 'Bearer secret-token',
            'x-csrf-token': 'secret-csrf',
            host: 'localhost',
          },
        },
        res: { statusCode: 200, headers: { 'set-cookie': ['tw_session=new-secret'] } },
      },
      'request completed',
    );
    const logged = lines.join('');
    expect(logged).not.toContain('secret');
    expect(JSON.parse(logged)).toMatchObject({
      req: { url: '/api/v1/account', headers: { cookie: '[redacted]', host: 'localhost' } },
      res: { headers: { 'set-cookie': '[redacted]' } },
    });
  });
});
