import { OPEN_JOB_STATUSES } from '@shared/constants';
import type { CurrentUser } from '@shared/contracts/auth';
import { JOB_PHOTO_MESSAGES, MAX_JOB_PHOTOS, type JobPhoto } from '@shared/contracts/jobs';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { mediaKeyFromUrl } from '../../lib/media-store';
import type { DiagnosisService } from '../diagnosis';
import type { NotificationsService } from '../notifications';
import type { PlumbersService } from '../plumbers';
import {
  countJobPhotos,
  deleteJobPhoto,
  findJobById,
  insertJobPhotos,
  isPhotoNamedByAnyJob,
  listJobPhotos,
  listPlumbersInvolved,
  lockJobById,
  type Job,
} from './jobs.repository';
import { JOB_ERRORS } from './jobs.service';

export interface JobPhotosServiceDeps {
  db: Database;
  /** Cleans and stores photos exactly as a diagnosis' are; knows which photos a diagnosis still lists. */
  diagnosis: Pick<DiagnosisService, 'cleanAndStorePhotos' | 'isPhotoOfDiagnosis' | 'removeStoredPhoto'>;
  plumbers: Pick<PlumbersService, 'userIdsOf'>;
  notifications: Pick<NotificationsService, 'jobChanged'>;
}

/**
 * The homeowner's photos of an open job (docs/product.md#the-job-room-messages-and-notifications): added as data URLs and cleaned like a
 * diagnosis' photos, at most MAX_JOB_PHOTOS per job, removed one at a time. Only the job's owner,
 * and only while the job is open (requested or quoted); anyone else is told the job does not exist.
 */
export function createJobPhotosService({ db, diagnosis, plumbers, notifications }: JobPhotosServiceDeps) {
  /** The owner's job, if it may still change its photos (404 for anyone else's, 409 once closed). */
  function checkOpenJobOf(actor: CurrentUser, job: Job | undefined): Job {
    if (!job || job.customerId !== actor.id) throw new AppError('NOT_FOUND', JOB_ERRORS.notFound);
    if (!OPEN_JOB_STATUSES.includes(job.currentStatus)) {
      throw new AppError('CONFLICT', JOB_PHOTO_MESSAGES.notOpen);
    }
    return job;
  }

  function checkRoom(current: number, adding: number) {
    if (current + adding > MAX_JOB_PHOTOS) {
      throw new AppError('CONFLICT', JOB_PHOTO_MESSAGES.tooMany(current));
    }
  }

  /** The plumbers who quoted or wrote on the job, and the owner's other pages, refresh the room. */
  async function tellJobChanged(tx: Executor, job: Job) {
    const involved = await plumbers.userIdsOf(tx, await listPlumbersInvolved(tx, job.id));
    await notifications.jobChanged(tx, job.id, [job.customerId, ...involved.values()]);
  }

  return {
    /** Answers all of the job's photos, oldest first, with the new ones last. */
    async addPhotos(actor: CurrentUser, jobId: string, dataUrls: readonly string[]): Promise<JobPhoto[]> {
      // Checked before any decoding too: a foreign, closed or full job costs no CPU.
      checkOpenJobOf(actor, await findJobById(db, jobId));
      checkRoom(await countJobPhotos(db, jobId), dataUrls.length);
      // The stored photos are removed again if the transaction fails (the job closed, or filled up
      // meanwhile): checked again under the job's row lock.
      return diagnosis.cleanAndStorePhotos(dataUrls, (stored) =>
        db.transaction(async (tx) => {
          const job = checkOpenJobOf(actor, await lockJobById(tx, jobId));
          checkRoom(await countJobPhotos(tx, job.id), stored.length);
          await insertJobPhotos(tx, job.id, stored);
          await tellJobChanged(tx, job);
          return listJobPhotos(tx, job.id);
        }),
      );
    },

    /**
     * Removes the photo from the job and answers the photos left. The file goes too once nothing
     * names it; a photo a diagnosis still lists is left to the retention sweep, which removes it
     * when that diagnosis is old enough and no job names any of its photos
     * (docs/decisions/016-media-store.md).
     */
    async removePhoto(actor: CurrentUser, jobId: string, photoId: string): Promise<JobPhoto[]> {
      const { photos, unnamedKey } = await db.transaction(async (tx) => {
        const job = checkOpenJobOf(actor, await lockJobById(tx, jobId));
        const removed = await deleteJobPhoto(tx, job.id, photoId);
        if (!removed) throw new AppError('NOT_FOUND', JOB_PHOTO_MESSAGES.photoNotFound);
        const key = mediaKeyFromUrl(removed.url);
        const stillNamed =
          key === null ||
          (await isPhotoNamedByAnyJob(tx, { url: removed.url, key })) ||
          (await diagnosis.isPhotoOfDiagnosis(tx, removed.url));
        await tellJobChanged(tx, job);
        return { photos: await listJobPhotos(tx, job.id), unnamedKey: stillNamed ? null : key };
      });
      // After the commit: a crash in between leaves a file nothing names, never a row without its file.
      if (unnamedKey) await diagnosis.removeStoredPhoto(unnamedKey);
      return photos;
    },
  };
}

export type JobPhotosService = ReturnType<typeof createJobPhotosService>;
