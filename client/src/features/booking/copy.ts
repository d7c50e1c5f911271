import type { Urgency } from '@shared/constants';
import { GUEST_CONFIRMATION_MINUTES } from '@shared/contracts/booking';

/** Visible copy of the booking page (docs/product.md#screens-and-routes "Book"; messages: docs/product.md#messages). Exact strings. */
export const COPY = {
  contactHeading: 'Contact Information',
  detailsHeading: 'Service Details',
  labels: {
    name: 'Full Name',
    phone: 'Phone',
    email: 'Email',
    address: 'Service Address',
    serviceType: 'Service Type',
    urgency: 'Urgency',
    preferredDate: 'Preferred Date',
    timeSlot: 'Time Slot (optional)',
    description: 'Problem Description',
  },
  placeholders: {
    name: 'John Smith',
    phone: '(555) 123-4567',
    email: 'you@example.com',
    address: '123 Main St, Austin, TX 78704',
    serviceType: 'Select a service type',
    description: "Tell us what's happening, where, and since when",
  },
  addressHint: 'Include the ZIP code so we can send a nearby plumber.',
  slots: {
    selectDateFirst: 'Please select a date first to see available time slots',
    loading: 'Loading available time slots',
    none: 'No available time slots for this date',
    tryAnotherDate: 'Please try another date',
    fetchFailed: 'Failed to fetch slots',
    available: (count: number) => `${count} slot(s) available`,
  },
  submit: 'Submit Booking Request',
  submitting: 'Submitting...',
  successTitle: 'Booking Submitted',
  successDescription: "We'll contact you shortly to confirm your appointment",
  /** A guest's booking waits for the link mailed to its e-mail (docs/decisions/026-guest-booking-confirmation.md). */
  confirmByEmail: (email: string) =>
    `Check your e-mail (${email}) and confirm the booking within ${GUEST_CONFIRMATION_MINUTES} minutes, ` +
    'or its time slot is released.',
  failureTitle: 'Booking Failed',
  failureDescription: 'Please try again or call us directly',
  confirmation: {
    pageTitle: 'Confirm Booking',
    checking: 'Confirming your booking…',
    successTitle: 'Booking Confirmed',
    bookedTime: (date: string, start: string, end: string) => `Your time: ${date}, ${start} – ${end}.`,
    noTime: (date: string) => `Preferred date: ${date}. We will call you to agree on a time.`,
    nextStep: "We'll contact you shortly to confirm your appointment.",
    failureTitle: 'Booking Not Confirmed',
    failure: 'The booking could not be confirmed. Please try again or call us directly.',
    bookAgain: 'Book Again',
  },
} as const;

export const URGENCY_OPTION_LABELS: Record<Urgency, string> = {
  routine: 'Routine - Flexible scheduling',
  urgent: 'Urgent - Within 24 hours',
  emergency: 'Emergency - Immediate attention',
};

export const INFO_TILES = [
  { key: 'confirmation', title: 'Quick Confirmation', text: "We'll confirm your appointment within 1 hour." },
  {
    key: 'licensed',
    title: 'Licensed Pros',
    text: 'Every plumber is licensed, insured and background-checked.',
  },
  { key: 'local', title: 'Local Service', text: 'Plumbers from your area, so help arrives fast.' },
] as const;
