import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageAddress } from './page-address.js';

describe('pageAddress', () => {
  it('keeps the path and the page query', () => {
    assert.equal(pageAddress('http://localhost/account'), '/account');
    assert.equal(pageAddress('http://localhost/billing?period=annual'), '/billing?period=annual');
  });

  it("drops the parameters of Remix's data requests", () => {
    assert.equal(
      pageAddress('http://localhost/account?_routes=routes%2Faccount._index'),
      '/account',
    );
    assert.equal(pageAddress('http://localhost/?index'), '/');
    assert.equal(
      pageAddress('http://localhost/billing?period=annual&_routes=root%2Croutes%2Fbilling'),
      '/billing?period=annual',
    );
  });
});
