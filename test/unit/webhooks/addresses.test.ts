/** Unit: which addresses webhooks may reach (SSRF), and the webhook URL rules with a fake DNS. */
import { addressRefusal } from '../../../src/domain/webhooks/addresses';
import { webhookUrlRefusal } from '../../../src/usecases/webhook-urls';

describe('addressRefusal', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private (carrier-grade NAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['ff02::1', 'multicast'],
  ])('%s is %s', (ip, why) => expect(addressRefusal(ip)).toBe(why));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) => expect(addressRefusal(ip)).toBeUndefined());

  it.each(['example.com', '1.2.3', '1.2.3.256', 'fe80:::1', '1:2:3:4:5:6:7:8:9'])('%s is not an IP address', (text) =>
    expect(addressRefusal(text)).toBe('not an IP address'),
  );
});

describe('webhookUrlRefusal', () => {
  const dns = (answers: Record<string, string[]>) => ({ resolve: async (host: string) => answers[host] ?? [] });

  it('refuses a host when any one of its addresses is private (checks every address)', async () => {
    const refusal = await webhookUrlRefusal(dns({ 'mixed.example': ['93.184.216.34', '10.1.2.3'] }), 'https://mixed.example/hook', false);
    expect(refusal).toContain('resolves to 10.1.2.3, a private address');
  });

  it('refuses a name that resolves to the metadata service, and one that resolves to nothing', async () => {
    expect(await webhookUrlRefusal(dns({ 'meta.example': ['169.254.169.254'] }), 'https://meta.example/', false)).toContain('link-local');
    expect(await webhookUrlRefusal(dns({}), 'https://nowhere.example/', false)).toContain('does not resolve');
  });

  it('accepts https to public addresses; http and loopback only where loopback is allowed (locally)', async () => {
    const resolver = dns({ 'hooks.example': ['93.184.216.34', '2606:4700::1111'] });
    expect(await webhookUrlRefusal(resolver, 'https://hooks.example/levy', false)).toBeUndefined();
    expect(await webhookUrlRefusal(resolver, 'http://hooks.example/levy', false)).toContain('must be https');
    expect(await webhookUrlRefusal(resolver, 'http://127.0.0.1:3001/x', false)).toContain('must be https');
    expect(await webhookUrlRefusal(resolver, 'https://127.0.0.1:3001/x', false)).toContain('loopback');
    expect(await webhookUrlRefusal(resolver, 'http://127.0.0.1:3001/x', true)).toBeUndefined();
    expect(await webhookUrlRefusal(resolver, 'http://localhost:3001/x', true)).toBeUndefined();
    expect(await webhookUrlRefusal(resolver, 'http://[::1]:3001/x', true)).toBeUndefined();
    // Locally too, a private address other than loopback is refused.
    expect(await webhookUrlRefusal(resolver, 'https://10.0.0.1/x', true)).toContain('private');
    expect(await webhookUrlRefusal(resolver, 'https://user:pw@hooks.example/', false)).toContain('user name or password');
  });
});
