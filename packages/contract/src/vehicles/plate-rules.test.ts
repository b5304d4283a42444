import { describe, expect, it } from 'vitest';
import { isValidPlate, maskPlate, normalisePlate } from './plate-rules';

describe('mainland plates', () => {
  it.each(['京A12345', '沪B7K9Q2', '粤Z1234港', '京AD12345', '浙AFB1234', '苏E12345D', '川A1234学'])('accepts %s', (plate) => {
    expect(isValidPlate(plate)).toBe(true);
  });

  it.each(['京A1234', '京I12345', '京A1234O', 'AB12345', '京AD123', '京AX12345', '京A123456D', '港A12345'])('refuses %s', (plate) => {
    expect(isValidPlate(plate)).toBe(false);
  });

  it('takes a plate as people type it and masks it for lists', () => {
    expect(normalisePlate(' 京a·123 45 ')).toBe('京A12345');
    expect(maskPlate('京AD12345')).toBe('京A****45');
  });
});
