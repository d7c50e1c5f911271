import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVICE_TYPES } from '../constants';
import { loginInput } from './auth';
import { availabilitySlotsQuery, bookSlotInput, createServiceRequestInput, slotIdParam } from './booking';
import { jobIdParam, uuidParam } from './common';
import { diagnosisRequestInput, diagnosisResultSchema } from './diagnosis';
import { pathOf, type RouteContract } from './http';
import { apiRoutes, routeKey } from './index';
import { acceptQuoteInput, createRatingInput, jobRoutes, updateJobStatusInput } from './jobs';
import { updatePlumberLocationInput } from './plumbers';
import { pricingEstimateQuery } from './pricing';
import { createQuoteInput } from './quotes';
import { expectMessage, expectValid } from './schema-test-helpers';

const UUID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';

describe('auth', () => {
  it('lower-cases the login e-mail', () => {
    expect(expectValid(loginInput, { email: 'A@B.CO', password: 'x' }).email).toBe('a@b.co');
  });
});

describe('booking (docs/product.md#validation)', () => {
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
    expect(expectValid(createServiceRequestInput, good).serviceType).toBe('Drain Cleaning');
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
    const data = expectValid(createServiceRequestInput, {
      ...good,
      status: 'confirmed',
      technicianId: UUID,
    });
    expect(data).not.toHaveProperty('status');
    expect(data).not.toHaveProperty('technicianId');
  });

  it('checks the slot query, the booking body and the id param', () => {
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

describe('plumbers', () => {
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

describe('pathOf', () => {
  it('fills every param, escaped', () => {
    expect(pathOf(jobRoutes.changeStatus, { jobId: 'a/b c?' })).toBe('/api/jobs/a%2Fb%20c%3F/status');
    expect(pathOf(jobRoutes.approveChangeOrder, { jobId: UUID, changeOrderId: 'co#1' })).toBe(
      `/api/jobs/${UUID}/change-orders/co%231/approve`,
    );
  });

  it('leaves a path without params as it is', () => {
    expect(pathOf(jobRoutes.listMine)).toBe('/api/jobs');
  });

  it('throws on a missing param', () => {
    expect(() => pathOf(jobRoutes.changeStatus)).toThrow(
      'Missing path parameter jobId for /api/jobs/:jobId/status',
    );
    expect(() => pathOf(jobRoutes.approveChangeOrder, { jobId: UUID })).toThrow(
      'Missing path parameter changeOrderId',
    );
  });
});

/** The `:name` segments of a contract's path, in order. */
const pathParamsOf = (contract: RouteContract) =>
  contract.path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

describe('apiRoutes', () => {
  it('lists the contracts of every area', () => {
    expect(apiRoutes).toContain(jobRoutes.changeStatus);
    expect(apiRoutes).toContain(jobRoutes.declineChangeOrder);
    expect(apiRoutes.length).toBeGreaterThan(Object.keys(jobRoutes).length);
  });

  it('names each route once', () => {
    const keys = apiRoutes.map(routeKey);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it.each(apiRoutes.map((contract) => [routeKey(contract), contract] as const))(
    '%s: path under /api/ and params matching its :params',
    (_key, contract) => {
      expect(contract.path.startsWith('/api/')).toBe(true);
      const pathParams = pathParamsOf(contract);
      if (contract.params === undefined) {
        expect(pathParams).toEqual([]);
        return;
      }
      expect(contract.params).toBeInstanceOf(z.ZodObject);
      const schemaKeys = Object.keys((contract.params as z.ZodObject).shape);
      expect([...pathParams].sort()).toEqual([...schemaKeys].sort());
      // pathOf fills every :param the schema names.
      expect(pathOf(contract, Object.fromEntries(schemaKeys.map((key) => [key, 'x'])))).not.toContain(':');
    },
  );
});
