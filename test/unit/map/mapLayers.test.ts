/**
 * Whether a box's y range touches a layer of the map server's config: an index over the layers (sorted by
 * their lowest y, with the highest y reached so far), answered by a binary search. It must answer exactly
 * what the definition says: some layer has from ≤ hi and to ≥ lo.
 */
import assert from 'node:assert/strict';
import type { MapLayer } from '../../../server/src/service/map/mapDescriptor';
import { describeLayers, rangeTouchesLayers } from '../../../server/src/service/map/mapServerConfig';

const layer = (from: number, to: number, id = from): MapLayer => ({ id, name: `L${id}`, from, to });

/** The definition, layer by layer. */
const touches = (layers: readonly MapLayer[], lo: number, hi: number) => layers.some((l) => l.from <= hi && l.to >= lo);

const CASES: Array<[string, MapLayer[], number, number, boolean]> = [
  ['inside the only layer', [layer(-1, 10)], 0, 5, true],
  ['below the only layer', [layer(-1, 10)], -20, -2, false],
  ['above the only layer', [layer(-1, 10)], 11, 30, false],
  ['ending on its lowest y', [layer(-1, 10)], -5, -1, true],
  ['starting on its highest y', [layer(-1, 10)], 10, 12, true],
  ['around the whole layer', [layer(-1, 10)], -100, 100, true],
  ['in the gap between two layers', [layer(-10, -5), layer(5, 10)], -4, 4, false],
  ['across the gap between two layers', [layer(-10, -5), layer(5, 10)], -4, 5, true],
  ['listed out of order, in the second', [layer(50, 60), layer(-10, -5)], -6, -6, true],
  ['under a long layer that starts early (found by its reach)', [layer(-100, 100), layer(-50, -40), layer(0, 1)], 50, 60, true],
  ['above a nested pair', [layer(-100, 10), layer(-50, -40)], 11, 20, false],
  ['the default config: Ground and Sky', [layer(-1, 10, 0), layer(11, 24, 1)], 25, 30, false],
  ['an inverted range (lo above hi) inside a layer', [layer(0, 10)], 8, 2, true],
];

describe('map layers: a box against the layers of a server config', () => {
  for (const [what, layers, lo, hi, expected] of CASES) {
    it(what, () => {
      assert.equal(touches(layers, lo, hi), expected, 'the table itself follows the definition');
      assert.equal(rangeTouchesLayers(layers, lo, hi), expected);
    });
  }

  it('answers as the definition does on 300 generated configs of 1 to 1,000 layers, 50 ranges each', () => {
    let seed = 25;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let c = 0; c < 300; c++) {
      const count = 1 + next(c < 200 ? 20 : 1000);
      const layers = Array.from({ length: count }, (_, i) => {
        const from = next(4000) - 2000;
        return layer(from, from + next(c % 2 ? 5 : 300), i);
      });
      for (let r = 0; r < 50; r++) {
        const lo = next(4400) - 2200;
        const hi = lo + next(200);
        assert.equal(rangeTouchesLayers(layers, lo, hi), touches(layers, lo, hi), `config ${c}, y ${lo}…${hi}`);
      }
    }
  });

  it('describes the same layers the same way each time, and by the block size asked for', () => {
    const layers = [layer(-1, 10, 0), layer(11, 24, 1)];
    const first = describeLayers(layers, 16);
    assert.equal(describeLayers(layers, 16), first);
    assert.match(first, /L0 \(layer 0\): map blocks y -1…10 \(nodes y -16…175\)/);
    assert.match(describeLayers(layers, 10), /L0 \(layer 0\): map blocks y -1…10 \(nodes y -10…109\)/);
    assert.equal(describeLayers(layers, 16), first);
  });
});
