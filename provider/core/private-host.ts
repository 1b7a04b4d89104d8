/**
 * Hosts that are not on the public internet: what Sender's servers cannot fetch an attachment
 * from, and what no recipient's inbox can open a link to.
 */

/**
 * Whether `hostname` (a URL's, IPv6 in brackets or not) is loopback, private (RFC 1918, RFC 4193),
 * link-local, unspecified, or a local name (`localhost` and its subdomains, `.local`, `.internal`).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || /\.(localhost|local|internal)$/.test(host)) return true;
  if (host === "::1" || host === "::" || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host))
    return true;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (!ipv4) return false;
  const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}
