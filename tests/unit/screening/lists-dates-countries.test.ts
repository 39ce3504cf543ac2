import { describe, expect, it } from 'vitest';
import { toCountryCode } from '../../../src/screening/countries.ts';
import { parseDate, parseUnDate } from '../../../src/screening/lists/dates.ts';

describe('list dates', () => {
  it.each([
    ['01 Jan 1960', { value: '1960-01-01' }],
    ['13 May 1965', { value: '1965-05-13' }],
    ['1960', { value: '1960' }],
    ['Jan 1960', { value: '1960-01' }],
    ['1960-01-02', { value: '1960-01-02' }],
    ['1960-01', { value: '1960-01' }],
    ['1/2/1960', { value: '1960-01-02' }],
    ['2/14/1992', { value: '1992-02-14' }],
    ['01-Jul-2026', { value: '2026-07-01' }],
    ['circa 1960', { from: 1959, to: 1961 }],
    ['1960 to 1962', { from: 1960, to: 1962 }],
    ['01 Jan 1961 to 31 Dec 1962', { from: 1961, to: 1962 }],
    ['circa 1934-1940', { from: 1933, to: 1941 }],
  ])('%s', (text, expected) => {
    expect(parseDate(text)).toEqual(expected);
  });

  it('reads day-first dates when told, with 00 for an unknown day or month (UK style)', () => {
    expect(parseDate('03/07/1968', { order: 'dmy' })).toEqual({ value: '1968-07-03' });
    expect(parseDate('00/05/1973', { order: 'dmy' })).toEqual({ value: '1973-05' });
    expect(parseDate('00/00/1972', { order: 'dmy' })).toEqual({ value: '1972' });
  });

  it('refuses what is not a date instead of guessing', () => {
    expect(parseDate('31 Feb 1960')).toBeUndefined();
    expect(parseDate('13/13/1960')).toBeUndefined();
    expect(parseDate('sometime')).toBeUndefined();
    expect(parseDate('')).toBeUndefined();
  });

  it('reads the UN date forms', () => {
    expect(parseUnDate({ TYPE_OF_DATE: 'EXACT', DATE: '1966-09-09' })).toEqual({ value: '1966-09-09' });
    expect(parseUnDate({ TYPE_OF_DATE: 'EXACT', YEAR: '1971' })).toEqual({ value: '1971' });
    expect(parseUnDate({ TYPE_OF_DATE: 'APPROXIMATELY', YEAR: '1966' })).toEqual({ from: 1965, to: 1967 });
    expect(parseUnDate({ TYPE_OF_DATE: 'BETWEEN', FROM_YEAR: '1973', TO_YEAR: '1974' })).toEqual({ from: 1973, to: 1974 });
    expect(parseUnDate({ TYPE_OF_DATE: '' })).toBeUndefined();
  });
});

describe('country names to ISO codes', () => {
  it.each([
    ['Korea, North', 'KP'],
    ["Democratic People's Republic of Korea", 'KP'],
    ["KOREA (DEMOCRATIC PEOPLE'S REPUBLIC OF)", 'KP'],
    ['Korea, South', 'KR'],
    ['Iran', 'IR'],
    ['Iran (Islamic Republic of)', 'IR'],
    ['Iranian', 'IR'],
    ['Russia', 'RU'],
    ['Russian Federation', 'RU'],
    ['Russian', 'RU'],
    ['Burma', 'MM'],
    ['Syria', 'SY'],
    ['Syrian Arab Republic', 'SY'],
    ['Congo, Democratic Republic of the', 'CD'],
    ['Democratic Republic of the Congo', 'CD'],
    ['Congo, Republic of the', 'CG'],
    ['Bosnia-Herzegovina', 'BA'],
    ["Cote d'Ivoire", 'CI'],
    ['Côte d’Ivoire', 'CI'],
    ['United Republic of Tanzania', 'TZ'],
    ['China, Hong Kong Special Administrative Region', 'HK'],
    ['Region: Crimea', 'UA'],
    ['Bahamas, The', 'BS'],
    ['IRN', 'IR'],
    ['ir', 'IR'],
    ['UK', 'GB'],
    ['British', 'GB'],
    ['Palestinian', 'PS'],
  ])('%s → %s', (text, code) => {
    expect(toCountryCode(text)).toBe(code);
  });

  it('returns undefined for what is not a country', () => {
    expect(toCountryCode('undetermined')).toBeUndefined();
    expect(toCountryCode('XX')).toBeUndefined();
    expect(toCountryCode('')).toBeUndefined();
  });
});
