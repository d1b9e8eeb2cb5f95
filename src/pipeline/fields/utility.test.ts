import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findUtilityFields } from './utility.js';

const utilityOf = (text: string) => {
  const found = findUtilityFields(buildContext(buildTextDocument([textPage(text)]), {}));
  return { value: found.consumption.value?.value, unit: found.consumption.unit?.value, address: found.service_address?.value };
};

describe('utility bill fields', () => {
  it('reads the consumption under its column label, in the unit\'s symbol, and the supply address beside it', () => {
    assert.deepEqual(
      utilityOf(`Billing period:            Meter no.:   Consumption:   Supply address:
2024-09-10 – 2024-12-09    93856582     1,141 kWh      52 Park Avenue, Glasgow`),
      { value: 1141, unit: 'kWh', address: '52 Park Avenue, Glasgow' },
    );
  });

  it('reads the usage labels of other languages and writes m³ and кВт·ч as m³ and kWh', () => {
    assert.deepEqual(utilityOf(`Zeitraum:   Zählerstand:   Verbrauchsmenge:
04.12.24    03517954       22 m3`), { value: 22, unit: 'm³', address: undefined });
    assert.deepEqual(utilityOf(`Период:     Номер счётчика:   Расход:     Место потребления:
14.09.25    45232423          944 кВт·ч   Väike-Ameerika 21-4, Jõhvi`), { value: 944, unit: 'kWh', address: 'Väike-Ameerika 21-4, Jõhvi' });
  });

  it('follows a supply address that wraps after its comma onto the next line, in its column', () => {
    assert.deepEqual(
      utilityOf(`Verbrauch:      Lieferstelle:
777 kWh         Bahnhofstraße 108a,
                Hamburg
Artikel   Menge Einheit   Preis`),
      { value: 777, unit: 'kWh', address: 'Bahnhofstraße 108a, Hamburg' },
    );
  });

  it('takes no meter reading for the consumption: only a value its label calls the usage', () => {
    assert.deepEqual(utilityOf(`Meter reading (current)   48 211 kWh
Meter reading (previous)  47 070 kWh`), { value: undefined, unit: undefined, address: undefined });
  });
});
