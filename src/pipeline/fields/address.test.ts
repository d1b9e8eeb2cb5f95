import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countryOfLine, postalCodeFits, postalLine } from './address.js';

describe('address pieces', () => {
  it('names the ISO country, not a reserved alias that shares its name', () => {
    assert.equal(countryOfLine('France'), 'FR');
    assert.equal(countryOfLine('Frankreich'), 'FR');
    assert.equal(countryOfLine('United Kingdom'), 'GB');
    assert.equal(countryOfLine('European Union'), null);
  });

  it('reads a country code printed after the city', () => {
    assert.deepEqual(postalLine('06000 NICE, FR'), { postal_code: '06000', city: 'NICE', before: '', country: 'FR' });
  });

  it('keeps the country code that is part of a Lithuanian or Latvian postal code, not a German prefix', () => {
    assert.equal(postalLine('Konstitucijos pr. 111, LT-67359 Marijampolė')?.postal_code, 'LT-67359');
    assert.equal(postalLine('LV-1010 Rīga')?.postal_code, 'LV-1010');
    assert.equal(postalLine('D-80333 München')?.postal_code, '80333');
    assert.equal(postalCodeFits('LT-67359', 'LT'), true);
  });

  it('reads a five-digit postal code printed with a point before the city, not a street number so', () => {
    assert.deepEqual(postalLine('81750.JOHOR BAHRU JOHOR'), { postal_code: '81750', city: 'JOHOR BAHRU JOHOR', before: '' });
    assert.equal(postalLine('LOT 2110.JALAN PERMAS'), null);
  });

  it('reads a British postal code with the country before it and the city after it', () => {
    assert.deepEqual(postalLine('GB SW1B 3BN London'), { postal_code: 'SW1B 3BN', city: 'London', country: 'GB', before: '' });
  });

  it('tells whether a postal code is written the way a country writes them', () => {
    assert.equal(postalCodeFits('40235', 'DE'), true);
    assert.equal(postalCodeFits('3500 MJ', 'DE'), false);
    assert.equal(postalCodeFits('3500 MJ', 'NL'), true);
    assert.equal(postalCodeFits('12345', 'XX'), false);
  });
});
