import { describe, expect, it } from 'vitest';
import { showValue, summaryLines } from './summary';

describe('summaryLines', () => {
  it('reads {field: {before, after}} as changes and other fields as values', () => {
    expect(summaryLines(JSON.stringify({ account: 'ops', status: { before: 1, after: 2 } }))).toEqual([
      { field: 'account', kind: 'value', value: 'ops' },
      { field: 'status', kind: 'change', before: 1, after: 2 },
    ]);
  });
  it('reads {before: {...}, after: {...}} field by field, unchanged ones left out', () => {
    expect(summaryLines(JSON.stringify({ before: { a: 1, b: 2 }, after: { a: 1, b: 3 } }))).toEqual([{ field: 'b', kind: 'change', before: 2, after: 3 }]);
    expect(summaryLines(JSON.stringify({ before: '1,13', after: '1' }))).toEqual([{ field: '', kind: 'change', before: '1,13', after: '1' }]);
  });
  it('reads field_before beside field as one change', () => {
    expect(summaryLines(JSON.stringify({ account: 'x', status_before: 1, status: 2 }))).toEqual([
      { field: 'account', kind: 'value', value: 'x' },
      { field: 'status', kind: 'change', before: 1, after: 2 },
    ]);
  });
  it('keeps text that is no JSON object', () => {
    expect(summaryLines('not json')).toEqual([{ field: '', kind: 'value', value: 'not json' }]);
    expect(summaryLines('null')).toEqual([]);
  });
  it('shows values as short text', () => {
    expect(showValue(['10.0.0.0/8', '1.2.3.4'])).toBe('10.0.0.0/8, 1.2.3.4');
    expect(showValue({ users: 1, keys: 2 })).toBe('users: 1; keys: 2');
    expect(showValue(null)).toBe('—');
  });
});
