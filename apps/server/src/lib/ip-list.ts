import { BlockList, isIP } from 'node:net';

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket reports) as the IPv4 address it is. */
const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

function blockListOf(list: readonly string[]): BlockList {
  const blocks = new BlockList();
  for (const entry of list) {
    const [base, prefix] = entry.split('/');
    const type = isIP(base ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(base ?? '')) continue;
    if (prefix === undefined) blocks.addAddress(base!, type);
    else blocks.addSubnet(base!, Number(prefix), type);
  }
  return blocks;
}

/**
 * A test of addresses against a list of addresses and CIDR blocks, built once. An IPv4 address
 * written as IPv6 is matched as the IPv4 address it is; anything that is not an IP address (a
 * zone index included) is on no list. An empty list holds no address.
 */
export function addressMatcher(list: readonly string[]): (address: string) => boolean {
  const blocks = blockListOf(list);
  return (address) => {
    const ip = unmapped(address);
    const family = isIP(ip);
    return family !== 0 && !ip.includes('%') && blocks.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Whether an address is on a list of addresses and CIDR blocks (an agent's IP whitelist): see `addressMatcher`. */
export function addressOnList(address: string, list: readonly string[]): boolean {
  return addressMatcher(list)(address);
}

/**
 * Why one entry of an address list (`10.0.0.5`, `10.0.0.0/8`, `2001:db8::/32`) is not an address
 * or CIDR block, or null when it is one. The prefix is a whole number within the family's bits.
 */
export function addressEntryFault(entry: string): string | null {
  const [base = '', prefix, extra] = entry.split('/');
  const family = isIP(base);
  if (!family || base.includes('%') || extra !== undefined) return 'is not an IP address or CIDR block';
  if (prefix === undefined) return null;
  const bits = family === 6 ? 128 : 32;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `has a prefix length that is not a whole number from 0 to ${bits}`;
  return null;
}
