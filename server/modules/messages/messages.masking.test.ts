import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@shared/constants';
import { MASKED_CONTACT } from '@shared/contracts/messages';
import { maskContactDetails } from './messages.masking';

/** The text with each listed contact replaced by MASKED_CONTACT. */
const hidden = (template: string) => template.replaceAll('{}', MASKED_CONTACT);

describe('maskContactDetails: e-mail addresses', () => {
  it.each([
    ['name+tag@sub.example.co.uk'],
    ['John.Smith@Example.COM'],
    ['jo_lee-99@mail.example.org'],
    ['first.last%team@example.io'],
    ['john @ gmail.com'],
    ['john@gmail dot com'],
    ['john at gmail dot com'],
    ['JOHN AT GMAIL DOT COM'],
    ['John At Gmail Dot Com'],
    ['john dot smith at gmail dot com'],
    ['john at mail.example dot net'],
    ['john(at)gmail(dot)com'],
    ['john (at) gmail (dot) com'],
    ['john [at] gmail [dot] com'],
    ['john[at]gmail.com'],
    ['john {at} web {dot} de'],
    ['john <at> gmail <dot> com'],
  ])('hides %s', (address) => {
    expect(maskContactDetails(`Write to ${address} tonight.`)).toEqual({
      text: hidden('Write to {} tonight.'),
      masked: true,
    });
  });

  it('hides the whole address inside a sentence, and each of several', () => {
    expect(maskContactDetails('Mail me (jo@example.com) or my wife: ann.lee+home@example.co.uk!')).toEqual({
      text: hidden('Mail me ({}) or my wife: {}!'),
      masked: true,
    });
  });

  it('hides only the address after a phrase with "at" in it', () => {
    expect(maskContactDetails('reach me at john at gmail dot com').text).toBe(hidden('reach me at {}'));
  });

  it('hides an address shorter than the mask with as many stars: the text never grows', () => {
    expect(maskContactDetails('a@b.co')).toEqual({ text: '******', masked: true });
    expect(maskContactDetails('jo@x.io')).toEqual({ text: '*******', masked: true });
    expect(maskContactDetails('ann@x.io')).toEqual({ text: MASKED_CONTACT, masked: true });
  });

  it.each([
    ['a shop’s site after a plain "at"', 'You can buy the valve at lowes.com or at homedepot.com.'],
    ['a time after "at"', 'I can be there at 10.30 tomorrow, or at 9 am.'],
    ['a sentence ending before a capitalised word', 'Look at it.Com pany policy says so.'],
    ['a handle without a domain', 'Ask @plumber_joe on the forum, or john@gmail'],
    ['a rate with @', 'Labour is 2 hours @ $95/hr.'],
    ['a bare domain', 'The manual is on example.com under support.'],
    ['"at" and "dot" in prose', 'Look at the dot on the gauge at the top.'],
  ])('leaves %s alone', (_what, text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });
});

describe('maskContactDetails: phone numbers', () => {
  it.each([
    ['(512) 555-0100'],
    ['(512)555-0100'],
    ['( 512 ) 555 - 0100'],
    ['512-555-0100'],
    ['512.555.0100'],
    ['512 555 0100'],
    ['5125550100'],
    ['+1 512 555 0100'],
    ['+1 (512) 555-0100'],
    ['+1-512-555-0100'],
    ['+15125550100'],
    ['1-512-555-0100'],
    ['1 (512) 555-0100'],
    ['+44 20 7946 0958'],
    ['+33 1 23 45 67 89'],
  ])('hides %s', (phone) => {
    expect(maskContactDetails(`Call ${phone} after 5.`)).toEqual({
      text: hidden('Call {} after 5.'),
      masked: true,
    });
  });

  it('keeps what follows a number: its extension, the punctuation', () => {
    expect(maskContactDetails('Office: 512-555-0100 ext. 23; cell 512.555.0199.').text).toBe(
      hidden('Office: {} ext. 23; cell {}.'),
    );
  });

  it.each([
    ['prices', 'The total is $1,250.00, or $1250 cash; parts $89.99 and $5125550100 is a typo.'],
    ['a price range', 'Between $150-$300, so 150-300 dollars, maybe 250-1200 with the heater.'],
    ['dates', 'On 2026-11-25 or 11/25/2026 or 2026-11-25T10:30, and 25.11.2026.'],
    ['times', 'From 10:30-11:45, or 9:00 to 17:00, or 10.30-12.15.'],
    ['ZIP codes', 'I work in 78745 and 78745-1234, and 78704 78745 78746.'],
    ['quantities and sizes', '2 x 150 ft of 3/4 inch PEX, 1,000 gallons, 50-gallon tank, 12 fittings.'],
    ['a seven-digit local number', 'My old number was 555-0100.'],
    ['long reference numbers', 'Order 12345678901234 and serial 000-000-0000 (invalid area code).'],
    ['numbers inside words', 'Model AB5125550100 and part 5125550100X.'],
    ['years in a row', 'Water heaters from 2019 2020 2021 are recalled.'],
  ])('leaves %s alone', (_what, text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });
});

describe('maskContactDetails: the whole message', () => {
  it('hides e-mail addresses and phone numbers together, and says so', () => {
    expect(
      maskContactDetails(
        'Hi, the leak is worse. Text me at (512) 555-0100 or write to ann@example.com. Quote $450 is fine.',
      ),
    ).toEqual({
      text: hidden('Hi, the leak is worse. Text me at {} or write to {}. Quote $450 is fine.'),
      masked: true,
    });
  });

  it('keeps line breaks and leaves a message without contact details exactly as it is', () => {
    const text = 'Line one\nLine two: 3/4" valve, $25.\n\n  Indented, with émoji 🚿 and tabs\t.';
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });

  it('does not join numbers across lines into one phone number', () => {
    const text = 'Units:\n512\n555\n0100';
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });

  it('never makes a message longer, so a masked message still fits the table', () => {
    const contact = fc.constantFrom(
      'a@b.co',
      'jo@x.io',
      'name+tag@sub.example.co.uk',
      'john at gmail dot com',
      '(512) 555-0100',
      '5125550100',
      '+44 20 7946 0958',
    );
    const filler = fc.string({ maxLength: 40 });
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, contact), { maxLength: 60 }), (parts) => {
        const text = parts
          .map(([before, detail]) => `${before} ${detail} `)
          .join('')
          .slice(0, MESSAGE_MAX_LENGTH);
        const result = maskContactDetails(text);
        expect(result.text.length).toBeLessThanOrEqual(text.length);
        expect(result.masked).toBe(result.text !== text);
      }),
    );
  });

  it('masks a message of the longest length made only of addresses shorter than the mask', () => {
    const text = Array.from({ length: 285 }, () => 'a@b.co').join(' ');
    expect(text.length).toBeGreaterThan(MESSAGE_MAX_LENGTH - 10);
    expect(text.length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
    const result = maskContactDetails(text);
    expect(result.masked).toBe(true);
    expect(result.text).not.toContain('@');
    expect(result.text.length).toBeLessThanOrEqual(text.length);
  });
});
