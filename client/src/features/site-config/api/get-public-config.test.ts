import { describe, expect, it } from 'vitest';
import { isPublicConfig } from './get-public-config';

const answer = {
  supportPhone: '(555) 010-7586',
  supportEmail: 'help@plumbline.test',
  timeZone: 'America/Chicago',
};

describe('isPublicConfig', () => {
  it("accepts the server's answer, time zone included", () => {
    expect(isPublicConfig(answer)).toBe(true);
    expect(isPublicConfig({ ...answer, timeZone: 'UTC' })).toBe(true);
  });

  it('refuses an answer without a time zone: the booking form would judge dates on a guessed clock', () => {
    const { timeZone: _timeZone, ...withoutZone } = answer;
    expect(isPublicConfig(withoutZone)).toBe(false);
    expect(isPublicConfig({ ...answer, timeZone: '' })).toBe(false);
    expect(isPublicConfig({ ...answer, timeZone: 42 })).toBe(false);
  });

  it('refuses a zone the browser does not know, and fixed offsets', () => {
    expect(isPublicConfig({ ...answer, timeZone: 'Mars/Olympus_Mons' })).toBe(false);
    expect(isPublicConfig({ ...answer, timeZone: '+05:00' })).toBe(false);
  });

  it('refuses answers without the contact details', () => {
    expect(isPublicConfig(null)).toBe(false);
    expect(isPublicConfig({ ...answer, supportPhone: '' })).toBe(false);
    expect(isPublicConfig({ ...answer, supportEmail: undefined })).toBe(false);
  });
});
