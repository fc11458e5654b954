/** Which addresses are not public, and which endpoints may be on one (run/address.ts). */
import assert from 'node:assert/strict';
import { addressPolicyFor, isPrivateAddress } from '../../../run/address';

describe('run/address: the private-address rule', () => {
  const table: Array<[string, boolean]> = [
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::1', true],
    ['[::1]', true],
    ['::', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:808:808', false],
    ['64:ff9b::7f00:1', true],
    ['fc00::1', true],
    ['fd12:3456::1', true],
    ['fe80::1%eth0', true],
    ['ff02::1', true],
    ['2606:4700::1111', false],
    // Every way of writing an address that carries a loopback or private one (hostile pass, round two)
    ['0:0:0:0:0:ffff:7f00:1', true],
    ['0000:0000:0000:0000:0000:ffff:127.0.0.1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['0::0:1', true],
    ['0:0:0:0:0:0:0:0', true],
    ['::127.0.0.1', true],
    ['::ffff:0:127.0.0.1', true],
    ['::FFFF:7F00:1', true],
    ['[::ffff:127.0.0.1]', true],
    ['::ffff:8.8.8.8', false],
    ['0:0:0:0:0:ffff:808:808', false],
    ['64:ff9b::8.8.8.8', false],
    ['64:ff9b:1::808:808', true],
    ['2002:7f00:1::', true],
    ['2002:a00:1::1', true],
    ['2002:808:808::1', false],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', true],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', false],
    ['2001:db8::1', true],
    ['100::1', true],
    ['fec0::1', true],
    ['febf::1', true],
    ['::ffff:ffff:7f00:1', true],
    ['1::2::3', true],
    ['1:2:3:4:5:6:7:8:9', true],
    ['::ffff:300.0.0.1', true],
    ['192.0.0.8', true],
    ['192.0.2.1', true],
    ['198.51.100.7', true],
    ['203.0.113.9', true],
    ['192.0.3.1', false],
    ['2a00:1450:4001::200e', false],
  ];
  for (const [address, priv] of table) {
    it(`${address} is ${priv ? 'not public' : 'public'}`, () => assert.equal(isPrivateAddress(address), priv));
  }

  const configured = ['http://127.0.0.1:8080/w/api.php', 'https://wiki.example/w/api.php?x=1'];
  const policies: Array<[string, boolean]> = [
    ['http://127.0.0.1:8080/w/api.php', true],
    ['http://127.0.0.1:8080/w/api.php/', true],
    ['https://wiki.example/w/api.php', true],
    ['https://wiki.example:443/w/api.php#x', true],
    ['http://127.0.0.1:8081/w/api.php', false],
    ['http://localtest.me:8080/w/api.php', false],
    ['http://127.0.0.1:8080/other/api.php', false],
    ['not a url', false],
  ];
  for (const [url, allowed] of policies) {
    it(`${url}: private addresses ${allowed ? 'allowed (configured)' : 'refused'}`, () =>
      assert.deepEqual(addressPolicyFor(url, configured), { allowPrivate: allowed }));
  }
});
