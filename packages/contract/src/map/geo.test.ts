import { describe, expect, it } from 'vitest';
import { distanceMetres, formatDistance, gcj02ToWgs84, wgs84ToGcj02 } from './geo';

describe('distances', () => {
  it('measures a degree of latitude as about 111 km and nothing as zero', () => {
    expect(distanceMetres({ lng: 116, lat: 39 }, { lng: 116, lat: 40 })).toBeGreaterThan(111_000);
    expect(distanceMetres({ lng: 116, lat: 39 }, { lng: 116, lat: 40 })).toBeLessThan(111_400);
    expect(distanceMetres({ lng: 116.47, lat: 39.99 }, { lng: 116.47, lat: 39.99 })).toBe(0);
  });

  it('shows metres under 1000 and km with one decimal from 1000 on (spec §2)', () => {
    expect(formatDistance(0)).toBe('0m');
    expect(formatDistance(999)).toBe('999m');
    expect(formatDistance(1000)).toBe('1.0km');
    expect(formatDistance(1449)).toBe('1.4km');
    expect(formatDistance(12_345)).toBe('12.3km');
    expect(formatDistance(Number.NaN)).toBe('');
  });
});

describe('WGS-84 to GCJ-02', () => {
  it('shifts a Beijing GPS fix by the known few hundred metres', () => {
    // Tiananmen: WGS-84 116.391263,39.907253 is GCJ-02 116.397504,39.908657 on AMap.
    const gcj = wgs84ToGcj02({ lng: 116.391263, lat: 39.907253 });
    expect(gcj.lng).toBeCloseTo(116.397504, 4);
    expect(gcj.lat).toBeCloseTo(39.908657, 4);
  });

  it('leaves points outside China alone', () => {
    expect(wgs84ToGcj02({ lng: 2.3522, lat: 48.8566 })).toEqual({ lng: 2.3522, lat: 48.8566 });
  });

  it('inverts to within a metre', () => {
    const gcj = { lng: 116.4706, lat: 39.9935 };
    expect(distanceMetres(wgs84ToGcj02(gcj02ToWgs84(gcj)), gcj)).toBeLessThan(1);
  });
});
