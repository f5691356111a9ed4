import { describe, expect, it } from 'vitest';
import { changedFields, mergeRecord, sameValue } from '../../../src/domain/records/record-merge';

const base = { address: 'Ward 4, Chunar', years_at_residence: 6, income: 18000, pan: 'BDVPD4821K' };

describe('the three-way merge of a conditional write', () => {
  it('only yours: your change is written, nothing merged or conflicting', () => {
    const result = mergeRecord({ base, theirs: base, yours: { ...base, address: 'Ward 5, Chunar' } });
    expect(result).toEqual({ values: { ...base, address: 'Ward 5, Chunar' }, mergedFields: [], conflicts: [] });
  });

  it('only theirs: your unchanged copy of their field does not put it back', () => {
    const theirs = { ...base, address: 'Ward 5, Chunar' };
    const result = mergeRecord({ base, theirs, yours: base });
    expect(result).toEqual({ values: theirs, mergedFields: [], conflicts: [] });
  });

  it('yours and theirs on different fields: both kept, yours named as merged', () => {
    const theirs = { ...base, address: 'Ward 5, Chunar' };
    const result = mergeRecord({ base, theirs, yours: { ...base, years_at_residence: 7 } });
    expect(result.values).toEqual({ ...base, address: 'Ward 5, Chunar', years_at_residence: 7 });
    expect(result.mergedFields).toEqual(['years_at_residence']);
    expect(result.conflicts).toEqual([]);
  });

  it('both changed one field to the same value: no conflict', () => {
    const theirs = { ...base, income: 21000 };
    expect(mergeRecord({ base, theirs, yours: { ...base, income: 21000 } })).toEqual({ values: theirs, mergedFields: [], conflicts: [] });
  });

  it('both changed one field to different values: a conflict that keeps theirs; the rest is applied', () => {
    const theirs = { ...base, income: 21000 };
    const result = mergeRecord({ base, theirs, yours: { ...base, income: 25000, years_at_residence: 7 } });
    expect(result.values).toEqual({ ...base, income: 21000, years_at_residence: 7 });
    expect(result.conflicts).toEqual([{ field: 'income', base: 18000, theirs: 21000, yours: 25000 }]);
    expect(result.mergedFields).toEqual(['years_at_residence']);
  });

  it('a declared list narrows what counts as yours; a declared field still at its base value is no change', () => {
    const theirs = { ...base, address: 'Ward 5, Chunar', income: 21000 };
    const yours = { ...base, years_at_residence: 7, income: 30000 };
    const result = mergeRecord({ base, theirs, yours, declared: ['years_at_residence', 'address'] });
    expect(result.values).toEqual({ ...theirs, years_at_residence: 7 });
    expect(result.conflicts).toEqual([]);
  });

  it('a one-way field is never merged over: changed in parallel, your change to it is a conflict; alone, a write', () => {
    const theirs = { ...base, income: 21000 };
    const result = mergeRecord({ base, theirs, yours: { ...base, pan: 'ABCPE1234F' }, oneWay: ['pan'] });
    expect(result.values).toEqual(theirs);
    expect(result.conflicts).toEqual([{ field: 'pan', base: 'BDVPD4821K', theirs: 'BDVPD4821K', yours: 'ABCPE1234F' }]);
    const alone = mergeRecord({ base, theirs: base, yours: { ...base, pan: 'ABCPE1234F' }, oneWay: ['pan'] });
    expect(alone).toEqual({ values: { ...base, pan: 'ABCPE1234F' }, mergedFields: [], conflicts: [] });
  });

  it('a field new to the record takes yours; nested values compare by content', () => {
    const theirs = { ...base, checks: { name: { score: 90 } } };
    const result = mergeRecord({
      base: { ...base, checks: { name: { score: 90 } } },
      theirs,
      yours: { ...theirs, checks: { name: { score: 90 } }, gst: 'X' },
    });
    expect(result.values).toEqual({ ...theirs, gst: 'X' });
    expect(result.conflicts).toEqual([]);
  });

  it('values compare as JSON: key order and null/absent do not count as changes', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(changedFields({ a: 1, b: null }, { a: 2, c: 3 })).toEqual(['a', 'c']);
  });
});
