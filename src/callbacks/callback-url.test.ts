// No test here relies on a DNS answer: the sandbox and CI may be offline. A name that does not resolve
// is accepted by design (the delivery worker checks the resolved address again before each request).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ServiceError } from '../errors.js';
import { checkCallbackUrl, isPrivateAddress } from './callback-url.js';

const strict = { allowPrivate: false };
const relaxed = { allowPrivate: true };

async function assertRefused(url: string, policy = strict): Promise<void> {
  await assert.rejects(checkCallbackUrl(url, policy), (err: unknown) => {
    assert.ok(err instanceof ServiceError, `${url}: expected a ServiceError, got ${String(err)}`);
    assert.equal(err.code, 'invalid_request', url);
    assert.equal(err.status, 400);
    return true;
  }, url);
}

describe('checkCallbackUrl with private targets disallowed', () => {
  test('plain http is refused', async () => {
    await assertRefused('http://example.com/hook');
    await assertRefused('http://93.184.216.34/hook');
  });

  test('other schemes are refused', async () => {
    for (const url of ['ftp://example.com/hook', 'file:///etc/passwd', 'ws://example.com/', 'wss://example.com/', 'javascript:alert(1)', 'data:text/plain,x']) {
      await assertRefused(url);
    }
  });

  test('loopback, private, link-local, metadata, CGNAT and unspecified IPv4 addresses are refused', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://127.8.9.10/hook',
      'https://10.0.0.1/hook',
      'https://192.168.1.1/hook',
      'https://172.16.0.1/hook',
      'https://172.31.255.254/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://0.0.0.0/hook',
      'https://100.64.0.1/hook',
      'https://224.0.0.1/hook',
      'https://255.255.255.255/hook',
    ]) {
      await assertRefused(url);
    }
  });

  test('IPv4 written in the shorthand and numeric forms URL parsers accept is still caught', async () => {
    // WHATWG URL turns all of these into 127.0.0.1 or 10.0.0.1; the check must see the parsed host.
    for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://0177.0.0.1/', 'https://127.1/', 'https://012.0.0.1/']) {
      await assertRefused(url);
    }
  });

  test('loopback, unique-local, link-local and IPv4-mapped IPv6 addresses are refused', async () => {
    for (const url of ['https://[::1]/hook', 'https://[::]/hook', 'https://[fd00::1]/hook', 'https://[fd00:ec2::254]/', 'https://[fe80::1]/hook', 'https://[::ffff:10.0.0.1]/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://[::ffff:169.254.169.254]/']) {
      await assertRefused(url);
    }
  });

  test('localhost and internal-only names are refused without a DNS lookup', async () => {
    for (const url of ['https://localhost/hook', 'https://LOCALHOST:8443/hook', 'https://app.localhost/', 'https://printer.local/', 'https://foo.internal/', 'https://metadata.google.internal/', 'https://nas.localdomain/', 'https://router.home.arpa/']) {
      await assertRefused(url);
    }
  });

  test('a public-looking name that resolves to a private address is refused at configuration time', async () => {
    for (const address of ['10.0.0.1', '127.0.0.1', '169.254.169.254', '::1']) {
      const policy = { allowPrivate: false, resolveHost: async () => [{ address: '93.184.215.14' }, { address }] };
      await assert.rejects(checkCallbackUrl('https://hooks.example.com/x', policy), /resolves to a private/, address);
    }
    const publicOnly = { allowPrivate: false, resolveHost: async () => [{ address: '93.184.215.14' }] };
    assert.equal((await checkCallbackUrl('https://hooks.example.com/x', publicOnly)).hostname, 'hooks.example.com');
  });

  test('single-label hosts are refused', async () => {
    for (const url of ['https://intranet/hook', 'https://intranet:8443/hook', 'https://jenkins/']) {
      await assertRefused(url);
    }
  });

  test(
    'a trailing dot does not get an internal name past the check',
    async () => {
      for (const url of ['https://printer.local./', 'https://foo.internal./', 'https://intranet./', 'https://localhost./']) {
        await assertRefused(url);
      }
    },
  );

  test('credentials in the URL are refused', async () => {
    for (const url of ['https://user:pass@example.com/hook', 'https://user@example.com/hook', 'https://:pass@example.com/hook']) {
      await assertRefused(url);
    }
  });

  test('text that is not an absolute URL is refused', async () => {
    for (const url of ['', 'not a url', 'example.com/hook', '/hook', 'https://', 'https://exa mple.com/', 'https://[::1/']) {
      await assertRefused(url);
    }
  });

  test('a public IPv4 or IPv6 literal is accepted and returned as a URL', async () => {
    const url = await checkCallbackUrl('https://93.184.216.34/hook', strict);
    assert.ok(url instanceof URL);
    assert.equal(url.href, 'https://93.184.216.34/hook');
    assert.equal((await checkCallbackUrl('https://[2606:4700:4700::1111]:8443/hook?a=1', strict)).port, '8443');
  });

  test('a public name is accepted (when DNS does not answer, the name is accepted and checked again at delivery)', async () => {
    const url = await checkCallbackUrl('https://example.com/hook', strict);
    assert.equal(url.hostname, 'example.com');
    assert.equal(url.pathname, '/hook');
  });
});

describe('checkCallbackUrl with private targets allowed', () => {
  test('http and private addresses are accepted for local development', async () => {
    assert.equal((await checkCallbackUrl('http://127.0.0.1:8080/x', relaxed)).port, '8080');
    await checkCallbackUrl('http://localhost:3000/hook', relaxed);
    await checkCallbackUrl('https://10.0.0.1/hook', relaxed);
  });

  test('credentials, other schemes and non-URLs are still refused', async () => {
    await assertRefused('http://user:pass@127.0.0.1:8080/x', relaxed);
    await assertRefused('ftp://127.0.0.1/x', relaxed);
    await assertRefused('not a url', relaxed);
  });
});

describe('isPrivateAddress', () => {
  const cases: Array<[string, boolean]> = [
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['1.1.1.1', false],
    ['2606:4700:4700::1111', false],
    ['2001:4860:4860::8888', false],
    ['127.0.0.1', true],
    ['127.255.255.255', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['100.100.100.200', true], // Alibaba Cloud metadata, inside CGNAT space
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['192.0.2.1', true], // documentation range
    ['198.18.0.1', true], // benchmarking range
    ['::', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['fd00:ec2::254', true], // AWS IPv6 metadata
    ['ff02::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['::7f00:1', true], // the obsolete IPv4-compatible form of 127.0.0.1
    ['::ffff:a9fe:a9fe', true], // 169.254.169.254, mapped
    ['64:ff9b::a00:1', true], // NAT64 of 10.0.0.1
    ['2002:a00:1::', true], // 6to4 of 10.0.0.1
    ['', true],
    ['not-an-ip', true],
    ['example.com', true],
  ];
  for (const [address, expected] of cases) {
    test(`${JSON.stringify(address)} → ${expected ? 'private' : 'public'}`, () => {
      assert.equal(isPrivateAddress(address), expected);
    });
  }

  test('the public boundary of the private ranges is public', () => {
    assert.equal(isPrivateAddress('172.15.255.255'), false);
    assert.equal(isPrivateAddress('172.32.0.0'), false);
    assert.equal(isPrivateAddress('100.63.255.255'), false);
    assert.equal(isPrivateAddress('100.128.0.0'), false);
    assert.equal(isPrivateAddress('11.0.0.0'), false);
  });
});
