import { logger } from '../functions/lib/logger';
import { checkListenHost, isLoopback } from './listen-host';

/* The local runtime refuses a non-loopback HOST without VIGIL_ALLOW_NETWORK=1, and warns when allowed (issue 27). */

describe('listen host', () => {
  it('knows loopback interfaces', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect([h, isLoopback(h)]).toEqual([h, true]);
    for (const h of ['0.0.0.0', '::', '192.168.1.20', 'vigil.lan', '128.0.0.1']) expect([h, isLoopback(h)]).toEqual([h, false]);
  });

  it('refuses a network interface unless allowed, naming the flag', () => {
    expect(() => checkListenHost('0.0.0.0', false)).toThrow(/HOST=0\.0\.0\.0 .*VIGIL_ALLOW_NETWORK=1/);
    expect(() => checkListenHost('192.168.1.20', false)).toThrow(/VIGIL_ALLOW_NETWORK=1/);
    expect(() => checkListenHost('127.0.0.1', false)).not.toThrow();
  });

  it('warns when the network is allowed', () => {
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      checkListenHost('0.0.0.0', true);
      expect(warn).toHaveBeenCalledWith('listening on a network interface', expect.objectContaining({ host: '0.0.0.0' }));
    } finally {
      warn.mockRestore();
    }
  });
});
