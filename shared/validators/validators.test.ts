import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SERVICE_TYPES } from '../constants';
import {
  acceptQuoteInput,
  availabilitySlotsQuery,
  bookSlotInput,
  createQuoteInput,
  createRatingInput,
  createServiceRequestInput,
  diagnosisRequestInput,
  diagnosisResultSchema,
  insertAvailabilitySlotSchema,
  insertJobSchema,
  insertModifierSchema,
  insertPlumberSchema,
  insertPricingCatalogSchema,
  insertRegionSchema,
  insertServiceRequestSchema,
  insertTechnicianSchema,
  insertUserSchema,
  jobIdParam,
  loginInput,
  pricingEstimateQuery,
  slotIdParam,
  updateJobStatusInput,
  updatePlumberLocationInput,
  uuidParam,
} from './index';

const UUID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';

/** The messages of every issue at `path` ('' = the root), in order. */
function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

/** Parsing fails, and the first issue at `path` carries exactly `message`. */
function expectMessage(schema: z.ZodType, input: unknown, path: string, message: string) {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to fail`).toBe(false);
  expect(messagesAt(schema, input, path)[0]).toBe(message);
}

function expectValid<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

describe('barrel', () => {
  it('re-exports the auth validators', () => {
    expect(expectValid(loginInput, { email: 'A@B.CO', password: 'x' }).email).toBe('a@b.co');
  });
});

describe('booking (docs/product.md §5)', () => {
  const good = {
    name: 'Dana Homeowner',
    email: 'Dana@Example.com',
    phone: '(512) 555-0101',
    serviceType: 'Drain Cleaning',
    preferredDate: '2025-06-15',
    urgency: 'routine',
    description: 'Kitchen sink drains slowly and gurgles.',
    address: '100 Congress Ave, Austin, TX 78701',
  };

  it('accepts a complete request and normalises it', () => {
    const data = expectValid(createServiceRequestInput, { ...good, name: '  Dana Homeowner  ' });
    expect(data.name).toBe('Dana Homeowner');
    expect(data.email).toBe('dana@example.com');
    expect(expectValid(insertServiceRequestSchema, good).serviceType).toBe('Drain Cleaning');
  });

  it('accepts every service type of the form', () => {
    for (const serviceType of SERVICE_TYPES) expectValid(createServiceRequestInput, { ...good, serviceType });
  });

  it('accepts the optional slot and diagnosed issue', () => {
    const data = expectValid(createServiceRequestInput, {
      ...good,
      slotId: UUID,
      issueSlug: 'clogged-drain',
    });
    expect(data.slotId).toBe(UUID);
    expect(data.issueSlug).toBe('clogged-drain');
  });

  it.each([
    ['name', 'D', 'Name must be at least 2 characters'],
    ['name', '  D  ', 'Name must be at least 2 characters'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', '', 'Invalid email address'],
    ['phone', '512-555-010', 'Phone number must be at least 10 digits'],
    ['phone', '123456789', 'Phone number must be at least 10 digits'],
    ['serviceType', '', 'Service type is required'],
    ['serviceType', undefined, 'Service type is required'],
    ['serviceType', 'Roof Repair', 'Service type is required'],
    ['preferredDate', '', 'Preferred date is required'],
    ['preferredDate', undefined, 'Preferred date is required'],
    ['preferredDate', '06/15/2025', 'Date must be in YYYY-MM-DD format'],
    ['preferredDate', '2025-02-30', 'Date must be in YYYY-MM-DD format'],
    ['urgency', 'whenever', 'Urgency must be routine, urgent or emergency'],
    ['description', 'Leaks.', 'Description must be at least 10 characters'],
    ['address', 'Main', 'Address is required'],
    ['address', '', 'Address is required'],
    ['slotId', 'slot-1', 'Invalid time slot'],
  ])('%s = %j → %s', (field, value, message) => {
    expectMessage(createServiceRequestInput, { ...good, [field]: value }, field, message);
  });

  it('drops server-owned columns', () => {
    const data = expectValid(insertServiceRequestSchema, {
      ...good,
      status: 'confirmed',
      technicianId: UUID,
    });
    expect(data).not.toHaveProperty('status');
    expect(data).not.toHaveProperty('technicianId');
  });
});

describe('availability slots', () => {
  it('accepts a slot', () => {
    expectValid(insertAvailabilitySlotSchema, { date: '2025-06-15', startTime: '08:00', endTime: '09:00' });
    expectValid(insertAvailabilitySlotSchema, {
      date: '2025-06-15',
      startTime: '23:00',
      endTime: '23:59',
      technicianId: UUID,
    });
  });

  it.each([
    ['date', '2025-6-15', 'Date must be in YYYY-MM-DD format'],
    ['date', '2025-13-01', 'Date must be in YYYY-MM-DD format'],
    ['startTime', '8:00', 'Time must be in HH:MM format'],
    ['startTime', '24:00', 'Time must be in HH:MM format'],
    ['endTime', '09:60', 'Time must be in HH:MM format'],
  ])('%s = %j → %s', (field, value, message) => {
    expectMessage(
      insertAvailabilitySlotSchema,
      { date: '2025-06-15', startTime: '08:00', endTime: '09:00', [field]: value },
      field,
      message,
    );
  });

  it('refuses an end before the start', () => {
    expectMessage(
      insertAvailabilitySlotSchema,
      { date: '2025-06-15', startTime: '10:00', endTime: '09:00' },
      'endTime',
      'End time must be after start time',
    );
  });

  it('checks the query, the booking body and the id param', () => {
    expectValid(availabilitySlotsQuery, { date: '2025-06-15' });
    expectMessage(availabilitySlotsQuery, {}, 'date', 'Date must be in YYYY-MM-DD format');
    expectValid(bookSlotInput, { serviceRequestId: UUID });
    expectMessage(bookSlotInput, { serviceRequestId: 'x' }, 'serviceRequestId', 'Invalid service request id');
    expectValid(slotIdParam, { id: UUID });
    expectMessage(slotIdParam, { id: '42' }, 'id', 'Invalid id');
    expectMessage(uuidParam, {}, 'id', 'Invalid id');
  });
});

describe('diagnosis', () => {
  const good = {
    description: 'Water drips from the kitchen faucet',
    location: 'kitchen',
    urgency: 'routine',
  };
  const photo = 'data:image/jpeg;base64,/9j/4AAQ';

  it('accepts a request, with or without photos', () => {
    expect(expectValid(diagnosisRequestInput, good).imageUrls).toEqual([]);
    expect(expectValid(diagnosisRequestInput, { ...good, imageUrls: [photo, photo] }).imageUrls).toHaveLength(
      2,
    );
  });

  it.each([
    ['description', 'short', 'Please describe the issue in detail (at least 10 characters)'],
    ['description', '   too short    ', 'Please describe the issue in detail (at least 10 characters)'],
    ['description', undefined, 'Please describe the issue in detail (at least 10 characters)'],
    ['location', 'attic', 'Location must be kitchen, bathroom, basement, outdoor or other'],
    ['urgency', 'asap', 'Urgency must be routine, urgent or emergency'],
    ['imageUrls', Array(6).fill('data:image/png;base64,iVBOR'), 'You can upload at most 5 photos'],
  ])('%s = %j → %s', (field, value, message) => {
    expectMessage(diagnosisRequestInput, { ...good, [field]: value }, field, message);
  });

  it('accepts exactly 5 photos and refuses non-images', () => {
    expectValid(diagnosisRequestInput, { ...good, imageUrls: Array(5).fill(photo) });
    expectMessage(
      diagnosisRequestInput,
      { ...good, imageUrls: ['data:text/plain;base64,aGk='] },
      'imageUrls.0',
      'Each photo must be an image',
    );
  });

  it('describes a diagnosis result', () => {
    const result = {
      isPlumbingRelated: true,
      severity: 'medium',
      issue: 'Worn faucet cartridge',
      estimatedCost: '$100 - $300',
      recommendedAction: 'Replace the cartridge',
      explanation: 'A steady drip from the spout usually means a worn cartridge or washer.',
    };
    expectValid(diagnosisResultSchema, result);
    expectValid(diagnosisResultSchema, { ...result, conclusionBasis: 'Description' });
    expect(diagnosisResultSchema.safeParse({ ...result, severity: 'urgent' }).success).toBe(false);
    expect(diagnosisResultSchema.safeParse({ ...result, isPlumbingRelated: 'yes' }).success).toBe(false);
  });
});

describe('users', () => {
  const good = { email: 'Pat@Example.com', password: 'correct-horse' };

  it('accepts a user and defaults nothing it should not', () => {
    const data = expectValid(insertUserSchema, {
      ...good,
      role: 'plumber',
      name: 'Pat',
      phone: '5125550101',
    });
    expect(data.email).toBe('pat@example.com');
    expect(data).not.toHaveProperty('passwordHash');
    expectValid(insertUserSchema, good);
  });

  it.each([
    ['password', 'short', 'Password must be at least 8 characters'],
    ['email', 'nope', 'Invalid email address'],
    ['name', 'P', 'Name must be at least 2 characters'],
    ['phone', '555-0101', 'Phone number must be at least 10 digits'],
    ['role', 'superuser', 'Role must be homeowner, plumber or admin'],
  ])('%s = %j → %s', (field, value, message) => {
    expectMessage(insertUserSchema, { ...good, [field]: value }, field, message);
  });
});

describe('technicians', () => {
  const good = { name: 'Marcus Reyes', phone: '512-555-0142', email: 'marcus@plumbline.test' };

  it('accepts a technician', () => {
    expectValid(insertTechnicianSchema, good);
    expectValid(insertTechnicianSchema, { ...good, status: 'off_duty', specialties: ['Water heaters'] });
  });

  it('refuses an unknown status', () => {
    expectMessage(
      insertTechnicianSchema,
      { ...good, status: 'asleep' },
      'status',
      'Status must be available, busy or off_duty',
    );
  });
});

describe('plumbers', () => {
  it('requires a uuid user id', () => {
    expectValid(insertPlumberSchema, { userId: UUID });
    expectValid(insertPlumberSchema, {
      userId: UUID,
      serviceRadiusKm: '40',
      currentLat: '30.2711286',
      currentLng: '-97.7436995',
    });
    expectMessage(insertPlumberSchema, { userId: 'user-1' }, 'userId', 'Invalid user id');
    expectMessage(
      insertPlumberSchema,
      { userId: UUID, currentLat: '91' },
      'currentLat',
      'Latitude must be between -90 and 90',
    );
  });

  it('updates a location from a ZIP and a radius given as number or text', () => {
    expect(
      expectValid(updatePlumberLocationInput, { zip: '78701', serviceRadiusKm: 40 }).serviceRadiusKm,
    ).toBe(40);
    expect(
      expectValid(updatePlumberLocationInput, {
        zip: ' 78701 ',
        address: 'Austin, TX',
        serviceRadiusKm: '12.5',
      }),
    ).toEqual({ zip: '78701', address: 'Austin, TX', serviceRadiusKm: 12.5 });
  });

  it.each([
    ['zip', '7870', 'Enter a 5-digit ZIP code'],
    ['zip', '78701-1234', 'Enter a 5-digit ZIP code'],
    ['zip', undefined, 'Enter a 5-digit ZIP code'],
    ['serviceRadiusKm', 0, 'Service radius must be between 1 and 200 km'],
    ['serviceRadiusKm', 201, 'Service radius must be between 1 and 200 km'],
    ['serviceRadiusKm', 'far', 'Service radius must be between 1 and 200 km'],
  ])('%s = %j → %s', (field, value, message) => {
    expectMessage(
      updatePlumberLocationInput,
      { zip: '78701', serviceRadiusKm: 25, [field]: value },
      field,
      message,
    );
  });
});

describe('jobs', () => {
  it('accepts a job and drops server-owned columns', () => {
    const data = expectValid(insertJobSchema, {
      issueSlug: 'leaky-faucet',
      issueDescription: 'Bathroom faucet drips all night.',
      address: '100 Congress Ave, Austin, TX 78701',
      urgency: 'urgent',
      customerId: UUID,
      currentStatus: 'completed',
    });
    expect(data).not.toHaveProperty('customerId');
    expect(data).not.toHaveProperty('currentStatus');
    expectMessage(
      insertJobSchema,
      { issueSlug: 'Leaky Faucet', issueDescription: 'x'.repeat(10), address: 'Main St 1' },
      'issueSlug',
      'Issue type must be lower-case words joined by hyphens',
    );
  });

  it('checks quote acceptance, the job id and status changes', () => {
    expectValid(acceptQuoteInput, { quoteId: UUID });
    expectMessage(acceptQuoteInput, { quoteId: 'q1' }, 'quoteId', 'Invalid quote id');
    expectValid(jobIdParam, { jobId: UUID });
    expectMessage(jobIdParam, { jobId: 'abc' }, 'jobId', 'Invalid job id');
    expectValid(updateJobStatusInput, { status: 'completed', notes: 'Replaced the trap' });
    expect(expectValid(updateJobStatusInput, { status: 'completed', finalAmount: 250.5 }).finalAmount).toBe(
      '250.50',
    );
    expectMessage(
      updateJobStatusInput,
      { status: 'scheduled' },
      'status',
      'Status must be in_progress, completed or cancelled',
    );
  });
});

describe('quotes', () => {
  const good = { jobId: UUID, minTotal: 150, maxTotal: 300 };

  it('accepts numbers and numeric strings and stores canonical amounts', () => {
    expect(expectValid(createQuoteInput, good)).toMatchObject({ minTotal: '150.00', maxTotal: '300.00' });
    expect(expectValid(createQuoteInput, { ...good, minTotal: '99.5', maxTotal: ' 99.50 ' })).toMatchObject({
      minTotal: '99.50',
      maxTotal: '99.50',
    });
    expectValid(createQuoteInput, { ...good, maxTotal: 99_999_999.99 });
  });

  it('keeps the note either way', () => {
    expect(
      expectValid(createQuoteInput, { ...good, breakdownJson: { note: 'Parts included' } }).breakdownJson,
    ).toEqual({ note: 'Parts included' });
    expect(expectValid(createQuoteInput, { ...good, breakdownJson: 'Parts included' }).breakdownJson).toEqual(
      { note: 'Parts included' },
    );
    expect(expectValid(createQuoteInput, { ...good, breakdownJson: {} }).breakdownJson).toEqual({});
  });

  it.each([
    ['minTotal', undefined, 'Minimum price is required'],
    ['minTotal', '', 'Minimum price is required'],
    ['maxTotal', undefined, 'Maximum price is required'],
    ['minTotal', 'abc', 'Price must be a number'],
    ['minTotal', 0, 'Price must be greater than 0'],
    ['minTotal', '-5', 'Price must be greater than 0'],
    ['minTotal', 10.555, 'Price can have at most 2 decimal places'],
    ['minTotal', '10.555', 'Price can have at most 2 decimal places'],
    ['maxTotal', 100_000_000, 'Price must be at most 99,999,999.99'],
    ['jobId', 'job-1', 'Invalid job id'],
    ['breakdownJson', { note: 'x'.repeat(1001) }, 'Note must be at most 1000 characters'],
  ])('%s = %j → %s', (field, value, message) => {
    const path = field === 'breakdownJson' ? 'breakdownJson.note' : field;
    expectMessage(createQuoteInput, { ...good, [field]: value }, path, message);
  });

  it('refuses a minimum above the maximum, on maxTotal', () => {
    expectMessage(
      createQuoteInput,
      { ...good, minTotal: '301', maxTotal: 300 },
      'maxTotal',
      'Minimum price cannot be more than the maximum price',
    );
  });

  it('limits a string note too', () => {
    expectMessage(
      createQuoteInput,
      { ...good, breakdownJson: 'x'.repeat(1001) },
      'breakdownJson',
      'Note must be at most 1000 characters',
    );
  });
});

describe('ratings', () => {
  it('accepts 1–5 stars and an optional comment', () => {
    expectValid(createRatingInput, { stars: 1 });
    expectValid(createRatingInput, { stars: 5, comment: 'Quick and tidy' });
  });

  it.each([0, 6, 3.5, '4', undefined])('stars = %j is refused', (stars) => {
    expectMessage(createRatingInput, { stars }, 'stars', 'Rating must be a whole number from 1 to 5');
  });

  it('limits the comment', () => {
    expectMessage(
      createRatingInput,
      { stars: 4, comment: 'x'.repeat(2001) },
      'comment',
      'Comment must be at most 2000 characters',
    );
  });
});

describe('pricing', () => {
  const item = {
    issueSlug: 'leaky-faucet',
    issueName: 'Leaky Faucet Repair',
    baseMin: '100.00',
    baseMax: '300.00',
    category: 'Fixtures',
  };
  const region = { code: 'AUS', name: 'Austin', state: 'TX' };

  it('defaults the unit to job', () => {
    expect(expectValid(insertPricingCatalogSchema, item).unit).toBe('job');
    expect(expectValid(insertPricingCatalogSchema, { ...item, unit: 'hour' }).unit).toBe('hour');
  });

  it.each([
    ['issueSlug', '', 'Issue slug is required'],
    ['issueName', '', 'Issue name is required'],
    ['baseMin', '', 'Base minimum price is required'],
    ['baseMax', '', 'Base maximum price is required'],
    ['baseMin', 'ten', 'Base price must be a positive amount with at most 2 decimals'],
    ['category', '', 'Category is required'],
  ])('catalogue %s = %j → %s', (field, value, message) => {
    expectMessage(insertPricingCatalogSchema, { ...item, [field]: value }, field, message);
  });

  it('refuses a base minimum above the maximum', () => {
    expectMessage(
      insertPricingCatalogSchema,
      { ...item, baseMin: '400.00' },
      'baseMax',
      'Base minimum price cannot be more than the base maximum price',
    );
  });

  it('defaults region indices and currency', () => {
    expect(expectValid(insertRegionSchema, region)).toMatchObject({
      laborIndex: '1.000',
      materialIndex: '1.000',
      currency: 'USD',
    });
    expectValid(insertRegionSchema, {
      ...region,
      laborIndex: '1.420',
      materialIndex: '0.985',
      metro: 'Austin–Round Rock',
    });
  });

  it.each([
    ['state', 'Texas', 'State must be a 2-letter code'],
    ['state', 'T', 'State must be a 2-letter code'],
    ['code', '', 'Region code is required'],
    ['name', '', 'Region name is required'],
    ['laborIndex', '1.4205', 'Index must be a number from 0.001 to 99.999 with at most 3 decimals'],
  ])('region %s = %j → %s', (field, value, message) => {
    expectMessage(insertRegionSchema, { ...region, [field]: value }, field, message);
  });

  it('checks modifiers', () => {
    expectValid(insertModifierSchema, {
      key: 'urgency',
      type: 'multiplier',
      name: 'Urgency',
      valuesJson: { routine: 1, urgent: 1.25, emergency: 1.75 },
    });
    expectValid(insertModifierSchema, {
      key: 'permit_required',
      type: 'flat',
      name: 'Permit',
      valuesJson: { amount: 150 },
    });
    expectMessage(
      insertModifierSchema,
      { key: 'x', type: 'percent', name: 'X', valuesJson: {} },
      'type',
      'Modifier type must be multiplier or flat',
    );
  });

  it('reads an estimate query with routine as the default urgency', () => {
    expect(expectValid(pricingEstimateQuery, { issueSlug: 'burst-pipe' })).toEqual({
      issueSlug: 'burst-pipe',
      urgency: 'routine',
    });
    expectValid(pricingEstimateQuery, { issueSlug: 'burst-pipe', zip: '78701', urgency: 'emergency' });
    expectMessage(
      pricingEstimateQuery,
      { issueSlug: 'burst-pipe', zip: '787' },
      'zip',
      'Enter a 5-digit ZIP code',
    );
    expectMessage(pricingEstimateQuery, {}, 'issueSlug', 'Issue type is required');
  });
});
