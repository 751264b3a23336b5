import { describe, expect, it } from 'vitest';
import { kindsFor, levelOf, valueProblem, watchedOf, wireValue } from './rules.ts';

const long = { direction: 'buy' as const, openPrice: '100.01000000', quantity: 10, stopLoss: '90.00000000' };
const short = { ...long, direction: 'sell' as const, stopLoss: '110' };

describe('the kinds a sheet offers', () => {
  it('a quote offers the symbol kinds; a position its own, near the stop loss only with one', () => {
    expect(kindsFor()).toEqual(['priceAbove', 'priceBelow', 'changeUp', 'changeDown', 'high52', 'low52']);
    expect(kindsFor(long)).toEqual(['positionPnlPercent', 'positionPnlAmount', 'stopDistance']);
    expect(kindsFor({ stopLoss: null })).toEqual(['positionPnlPercent', 'positionPnlAmount']);
  });
});

describe('a typed value', () => {
  it('is said to be wrong, never corrected', () => {
    expect(valueProblem('priceAbove', '')).toEqual({ key: 'validation.required' });
    expect(valueProblem('priceAbove', '  ')).toEqual({ key: 'validation.required' });
    for (const typed of ['1e5', '+5', '12.3.4', '0x10', 'abc', '1.123456789', '1 000'])
      expect(valueProblem('priceAbove', typed), typed).toEqual({ key: 'validation.decimal' });
    expect(valueProblem('priceAbove', '0')?.key).toBe('errors.ALERT_VALUE_RANGE');
    expect(valueProblem('priceAbove', '-3')?.key).toBe('errors.ALERT_VALUE_RANGE');
    expect(valueProblem('priceAbove', '10000000000000000')?.key).toBe('validation.decimal');
    expect(valueProblem('priceAbove', '9999999999999')?.key).toBe('errors.ALERT_VALUE_RANGE');
    expect(valueProblem('priceAbove', '105.12345678')).toBeUndefined();
  });

  it('keeps to each kind’s range and decimals, as the server does', () => {
    expect(valueProblem('changeUp', '5.005')).toMatchObject({ params: { min: '0.01', max: '1000', decimals: 2 } });
    expect(valueProblem('changeDown', '100')?.key).toBe('errors.ALERT_VALUE_RANGE');
    expect(valueProblem('changeDown', '99.99')).toBeUndefined();
    expect(valueProblem('positionPnlPercent', '-5')).toBeUndefined();
    expect(valueProblem('positionPnlPercent', '0')?.key).toBe('errors.ALERT_VALUE_RANGE');
    expect(valueProblem('positionPnlAmount', '-0.00')?.key).toBe('errors.ALERT_VALUE_RANGE');
    expect(valueProblem('positionPnlAmount', '50.5', 0)).toMatchObject({ params: { decimals: 0 } });
    expect(valueProblem('positionPnlAmount', '50', 0)).toBeUndefined();
    expect(valueProblem('stopDistance', '50.01')?.key).toBe('errors.ALERT_VALUE_RANGE');
    expect(valueProblem('high52', '')).toBeUndefined();
  });

  it('reads a comma as the decimal point and changes nothing else', () => {
    expect(wireValue(' 105,50 ')).toBe('105.50');
    expect(valueProblem('priceAbove', '105,5')).toBeUndefined();
    expect(wireValue('105.50')).toBe('105.50');
  });
});

describe('the level an alert fires at', () => {
  it('a price is its own level; a change is measured from the previous close', () => {
    expect(levelOf('priceAbove', '105', {})).toEqual({ watch: 'last', price: '105', up: true });
    expect(levelOf('priceBelow', '95,5', {})).toEqual({ watch: 'last', price: '95.5', up: false });
    expect(levelOf('changeUp', '5', { prevClose: '100' })).toMatchObject({ price: '105', up: true });
    expect(levelOf('changeDown', '5', { prevClose: '100' })).toMatchObject({ price: '95', up: false });
    expect(levelOf('changeUp', '5', {})).toBeUndefined();
    expect(levelOf('high52', '', { prevClose: '100' })).toBeUndefined();
    expect(levelOf('priceAbove', 'abc', {})).toBeUndefined();
  });

  it('a position’s P/L at the closing side, rounded toward the move at 8 decimals', () => {
    expect(levelOf('positionPnlPercent', '-5', { position: long })).toEqual({
      watch: 'bid',
      price: '95.0095',
      up: false,
    });
    expect(levelOf('positionPnlAmount', '50', { position: long })).toMatchObject({ price: '105.01', up: true });
    expect(levelOf('positionPnlAmount', '1', { position: { ...long, quantity: 3 } })).toMatchObject({
      price: '100.34333334',
    });
    expect(levelOf('positionPnlPercent', '5', { position: short })).toMatchObject({
      watch: 'ask',
      price: '95.0095',
      up: false,
    });
    expect(levelOf('positionPnlPercent', '-1000', { position: long })).toBeUndefined();
  });

  it('near the stop loss: above a long’s, below a short’s', () => {
    expect(levelOf('stopDistance', '5', { position: long })).toEqual({ watch: 'last', price: '94.5', up: false });
    expect(levelOf('stopDistance', '5', { position: short })).toEqual({ watch: 'last', price: '104.5', up: true });
    expect(levelOf('stopDistance', '5', { position: { ...long, stopLoss: null } })).toBeUndefined();
  });

  it('watches what the level is read against', () => {
    const quote = { price: '100', bid: '99.99', ask: '100.01' };
    expect(watchedOf('priceAbove', quote)).toBe('100');
    expect(watchedOf('positionPnlPercent', quote, long)).toBe('99.99');
    expect(watchedOf('positionPnlAmount', quote, short)).toBe('100.01');
    expect(watchedOf('stopDistance', quote, long)).toBe('100');
    expect(watchedOf('positionPnlPercent', { ...quote, bid: null }, long)).toBe('100');
  });
});
