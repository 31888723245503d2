import { logger } from '../functions/lib/logger';

/** Whether an interface to listen on is loopback only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * The local runtime's accounts are for one person at one machine (any e-mail signs in, ADMIN_EMAILS become
 * admins): listening on a network interface is refused unless asked for explicitly, and warned about when it is.
 * The Host check (`hostCheck`) still answers only the loopback names, the interface itself and
 * VIGIL_ALLOWED_HOSTS, so a DNS-rebinding name gets 421 on the network too.
 */
export function checkListenHost(host: string, allowNetwork: boolean): void {
  if (isLoopback(host)) return;
  if (!allowNetwork) {
    throw new Error(
      `HOST=${host} would expose the local runtime (its sign-in accepts any e-mail) to the network. ` +
        'Set VIGIL_ALLOW_NETWORK=1 to allow it, or use HOST=127.0.0.1.',
    );
  }
  logger.warn('listening on a network interface', {
    host,
    warning: 'anyone who can reach this machine can sign in to this Vigil with any e-mail; only Host names in VIGIL_ALLOWED_HOSTS (and the interface address) are answered',
  });
}
