import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES, containsPersonalInfo, personalWords } from '@shared/contracts/account';
import { AppError } from '../../lib/app-error';

/**
 * zxcvbn's score 3: about 10^8 guesses or more. Below it are the common passwords, keyboard walks,
 * dictionary words with a few digits — what an attacker with a leaked list tries first.
 */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries take some milliseconds and memory that most processes never need. */
const getEstimator = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/**
 * Refuses, beyond the length rule of the contract, a password that contains the owner's e-mail or
 * name, or that the estimator finds easy to guess (docs/decisions/025-accounts.md). The refusal is
 * a 400 VALIDATION_ERROR at `field`, the body's name of the password, with a message that says why.
 */
export function assertStrongPassword(
  password: string,
  owner: { email: string; name?: string | null },
  field: string,
): void {
  const refuse = (message: string) => new AppError('VALIDATION_ERROR', message, [{ path: field, message }]);
  if (containsPersonalInfo(password, owner)) throw refuse(ACCOUNT_MESSAGES.passwordPersonal);
  const result = getEstimator().check(password, personalWords(owner));
  if (result.score >= MIN_SCORE) return;
  const builtFromOwner = result.sequence.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
  );
  throw refuse(builtFromOwner ? ACCOUNT_MESSAGES.passwordPersonal : ACCOUNT_MESSAGES.passwordCommon);
}
