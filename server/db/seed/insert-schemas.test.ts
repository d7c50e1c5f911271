import { describe, expect, it } from 'vitest';
import { expectMessage, expectValid } from '@shared/contracts/schema-test-helpers';
import {
  insertAvailabilitySlotSchema,
  insertJobSchema,
  insertModifierSchema,
  insertPlumberSchema,
  insertPricingCatalogSchema,
  insertRegionSchema,
  insertTechnicianSchema,
  insertUserSchema,
} from './insert-schemas';

const UUID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';

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
});
