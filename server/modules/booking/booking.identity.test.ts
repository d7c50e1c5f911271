import { describe, expect, it } from 'vitest';
import {
  identityKeys,
  mostHeldPerKey,
  normaliseAddress,
  normaliseEmail,
  normalisePhone,
  type BookingIdentity,
} from './booking.identity';

describe('booking identity keys', () => {
  it.each([
    ['  Jo.Rivers@Example.TEST ', 'jo.rivers@example.test'],
    ['jo@example.test', 'jo@example.test'],
  ])('e-mail %j → %j', (email, key) => expect(normaliseEmail(email)).toBe(key));

  it.each([
    ['(512) 555-0188', '5125550188'],
    ['512.555.0188', '5125550188'],
    ['+1 512 555 0188', '5125550188'],
    ['1-512-555-0188', '5125550188'],
    ['5125550188', '5125550188'],
    ['555-0188 9', '55501889'],
  ])('phone %j → %j (digits, the last ten)', (phone, key) => expect(normalisePhone(phone)).toBe(key));

  it.each([
    ['1200 S. Congress Ave., Austin, TX 78704', '1200 s congress ave austin tx 78704'],
    ['  1200  s congress ave,austin,tx 78704 ', '1200 s congress ave austin tx 78704'],
    ['1200 S CONGRESS AVE; AUSTIN — TX 78704', '1200 s congress ave austin tx 78704'],
    ['Apt #4, 77 Elm St', 'apt 4 77 elm st'],
    ['７７ Ｅｌｍ Ｓｔ', '77 elm st'],
  ])('address %j → %j', (address, key) => expect(normaliseAddress(address)).toBe(key));

  it('names each part once, sorted, and leaves out an empty account', () => {
    const guest: BookingIdentity = {
      email: 'Jo@Example.test',
      phone: '(512) 555-0188',
      address: '12 Elm St.',
      userId: null,
    };
    expect(identityKeys(guest)).toEqual(['address:12 elm st', 'email:jo@example.test', 'phone:5125550188']);
    expect(identityKeys({ ...guest, userId: 'u-1' })).toContain('user:u-1');
  });
});

describe('mostHeldPerKey', () => {
  const me: BookingIdentity = { email: 'me@x.test', phone: '5125550100', address: '1 a st', userId: 'u-1' };
  const other = (overrides: Partial<BookingIdentity>): BookingIdentity => ({
    email: 'other@x.test',
    phone: '7375550199',
    address: '9 z st',
    userId: null,
    ...overrides,
  });

  it('is 0 when nothing is held, or nothing shares a key', () => {
    expect(mostHeldPerKey(me, [])).toBe(0);
    expect(mostHeldPerKey(me, [other({}), other({})])).toBe(0);
  });

  it('counts per key, and answers the fullest key, not the union', () => {
    const held = [
      other({ email: 'ME@x.test' }),
      other({ email: 'me@x.test' }),
      other({ phone: '+1 (512) 555-0100' }),
      other({ address: '1 A St.' }),
      other({ userId: 'u-1' }),
    ];
    // e-mail 2, phone 1, address 1, account 1: the e-mail decides.
    expect(mostHeldPerKey(me, held)).toBe(2);
  });

  it('counts a booking that shares several keys once per key', () => {
    expect(mostHeldPerKey(me, [{ ...me }, { ...me }])).toBe(2);
  });
});
