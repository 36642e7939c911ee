import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deviceName } from './device-name.js';

describe('deviceName', () => {
  it('names the browser, its major version and the system', () => {
    assert.equal(
      deviceName(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36',
      ),
      'Chrome 131 on Linux',
    );
    assert.equal(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
      'Safari 17 on iOS',
    );
    assert.equal(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
      'Firefox 133 on Windows',
    );
  });

  it('says so when it cannot tell', () => {
    assert.equal(deviceName(null), 'Unknown browser');
    assert.equal(deviceName(''), 'Unknown browser');
    assert.equal(deviceName('\u0000garbage'), 'Unknown browser');
  });
});
