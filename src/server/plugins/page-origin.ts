import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The Host names a page may be rendered for when PUBLIC_URL is unset: ALLOWED_HOSTS, then loopback on PORT,
 * so a first run at http://localhost:PORT works with nothing configured. The browser leaves the port out of
 * Host on the scheme's own port, so there the bare names count too.
 */
export function pageHosts(config: Pick<Config, 'allowedHosts' | 'port'>): string[] {
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  const isDefaultPort = config.port === 80 || config.port === 443;
  return [
    ...config.allowedHosts,
    ...loopback.map((name) => `${name}:${config.port}`),
    ...(isDefaultPort ? loopback : []),
  ];
}

/**
 * The origin a rendered page names in its links (docs/decisions/042): PUBLIC_URL, or the request's own when
 * its Host is one of `pageHosts`, or else the first of those. A Host is whatever a client writes, so an
 * unlisted one neither reaches a page nor makes a new variant of it to render and compress; load balancers'
 * probes with any Host are answered as before.
 */
export function pageOriginOf(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port'>) {
  const { publicUrl } = config;
  if (publicUrl) return (_request: FastifyRequest) => publicUrl;
  const hosts = pageHosts(config);
  const allowed = new Set(hosts);
  const canonical = hosts[0] ?? `localhost:${config.port}`;
  return (request: FastifyRequest) => {
    const host = request.host.toLowerCase();
    return `${request.protocol}://${allowed.has(host) ? host : canonical}`;
  };
}
