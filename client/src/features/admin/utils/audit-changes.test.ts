import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-changes';

describe('changedFields', () => {
  it('lists only the fields an edit changed, with their values as text', () => {
    expect(
      changedFields(
        { id: '1', baseMax: '340.00', notes: null, valuesJson: { b: 1, a: 2 }, isActive: true },
        { id: '1', baseMax: '400.00', notes: 'New', valuesJson: { a: 2, b: 1 }, isActive: false },
      ),
    ).toEqual([
      { field: 'baseMax', before: '340.00', after: '400.00' },
      { field: 'notes', before: null, after: 'New' },
      { field: 'isActive', before: 'true', after: 'false' },
    ]);
  });

  it('lists every field of a creation, without ids and timestamps', () => {
    expect(changedFields(null, { id: 'x', code: 'DEN', laborIndex: '1.100', updatedAt: 'then' })).toEqual([
      { field: 'code', before: null, after: 'DEN' },
      { field: 'laborIndex', before: null, after: '1.100' },
    ]);
  });
});
