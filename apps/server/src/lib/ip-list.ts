import { BlockList, isIP } from 'node:net';

/**
 * Whether an address is on a list of addresses and CIDR blocks (an agent's IP whitelist). An
 * IPv4 address written as IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket reports) is matched
 * as the IPv4 address it is. An empty list holds no address.
 */
export function addressOnList(address: string, list: readonly string[]): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip);
  if (!family) return false;
  const blocks = new BlockList();
  for (const entry of list) {
    const [base, prefix] = entry.split('/');
    const type = isIP(base ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(base ?? '')) continue;
    if (prefix === undefined) blocks.addAddress(base!, type);
    else blocks.addSubnet(base!, Number(prefix), type);
  }
  return blocks.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
