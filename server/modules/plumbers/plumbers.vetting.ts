import type { AdminPlumber } from '@shared/contracts/admin';
import { insuranceLapsed, PLUMBER_MESSAGES } from '@shared/contracts/plumbers';
import { AppError } from '../../lib/app-error';
import { composeMail, type OutgoingMail } from '../mail';
import type { Plumber, PlumberReviewRow } from './plumbers.repository';

/**
 * Vetting rules (docs/decisions/024-vetted-plumbers.md), pure: what a plumber's status is today,
 * what it may do, and what the plumber is mailed about an admin's decision.
 */

type VettingFacts = Pick<Plumber, 'verificationStatus' | 'insuranceExpiresOn'>;

/**
 * The status as of `today` (YYYY-MM-DD, the app's zone): a verified plumber whose insurance has
 * lapsed is pending again, whether or not the row says so yet.
 */
export function currentVerificationStatus(
  plumber: VettingFacts,
  today: string,
): Plumber['verificationStatus'] {
  return plumber.verificationStatus === 'verified' && insuranceLapsed(plumber.insuranceExpiresOn, today)
    ? 'pending'
    : plumber.verificationStatus;
}

/** Seeing jobs and quoting need a verified plumber; anyone else is told why (403), in the dashboard's words. */
export function assertVetted(plumber: VettingFacts, today: string): void {
  const status = currentVerificationStatus(plumber, today);
  if (status === 'verified') return;
  throw new AppError(
    'FORBIDDEN',
    status === 'rejected' ? PLUMBER_MESSAGES.rejected : PLUMBER_MESSAGES.notVerified,
  );
}

export function toAdminPlumber({ plumber, name, email }: PlumberReviewRow, today: string): AdminPlumber {
  return {
    id: plumber.id,
    userId: plumber.userId,
    name,
    email,
    businessName: plumber.businessName,
    licenseNumber: plumber.licenseNumber,
    licenseState: plumber.licenseState,
    insuranceExpiresOn: plumber.insuranceExpiresOn,
    verificationStatus: currentVerificationStatus(plumber, today),
    rejectionReason: plumber.rejectionReason,
    serviceArea: plumber.currentAddress,
    submittedAt: plumber.vettingSubmittedAt?.toISOString() ?? null,
    decidedAt: plumber.vettingDecidedAt?.toISOString() ?? null,
  };
}

/** The mail telling the plumber an admin's decision, with the way back to the dashboard. */
export function decisionMail(
  review: PlumberReviewRow,
  decision: { verified: true } | { verified: false; reason: string },
  publicUrl: string,
): OutgoingMail {
  const business = review.plumber.businessName ?? 'your business';
  const action = { label: 'Open my dashboard', url: `${publicUrl}/dashboard` };
  if (decision.verified) {
    return composeMail({
      to: review.email,
      subject: 'Your Plumbline plumber account is verified',
      paragraphs: [
        `An admin has verified the license and insurance of ${business}.`,
        'You can now see the jobs near you and send quotes.',
      ],
      action,
    });
  }
  return composeMail({
    to: review.email,
    subject: 'Your Plumbline plumber account was not approved',
    paragraphs: [
      `An admin reviewed the details you submitted for ${business} and could not verify them:`,
      decision.reason,
      'Update your details on your dashboard and we will review them again.',
    ],
    action,
  });
}
