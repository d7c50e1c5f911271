import type { DiagnosisRequest } from '@shared/contracts/diagnosis';
import { DIAGNOSIS_MESSAGES, type DiagnosisResponse, type TypicalTotal } from '@shared/contracts/diagnosis';
import type { EstimateResponse } from '@shared/contracts/pricing';
import { formatUsdRange } from '@shared/money';
import type { Database, Executor } from '../../db/client';
import { mediaKeyFromUrl, type MediaStore, type StoredMedia } from '../../lib/media-store';
import type { PricingService } from '../pricing';
import type { CleanImage, DiagnosisEngine } from './diagnosis.engine';
import { cleanImages, type CleanImagesOptions } from './diagnosis.images';
import { typicalQuantityOf } from './diagnosis.knowledge-base';
import {
  insertDiagnostic,
  isPhotoListedByDiagnosis,
  lockRecentDiagnosisPhotos,
} from './diagnosis.repository';

export interface DiagnosisServiceDeps {
  db: Database;
  engine: DiagnosisEngine;
  pricing: PricingService;
  media: MediaStore;
  /** How photos are decoded: the app's decoder process, behind its decode gate. */
  photos: Pick<CleanImagesOptions, 'decoder' | 'runDecoding'>;
}

/** estimatedCost when there is nothing to price. */
export const NOT_APPLICABLE_COST = 'Not applicable';
/** estimatedCost for a plumbing issue the catalogue cannot price (inactive item). */
export const PRICE_ON_INSPECTION = 'Priced on inspection';

/**
 * What a typical job comes to for an issue priced per unit: the pricing engine's per-unit range
 * (as shown, already regional and rounded) times the knowledge base's typical quantity. Nothing when
 * the catalogue prices the issue another way (an admin may change its unit).
 */
export function typicalTotalFor(issueSlug: string, estimate: EstimateResponse | null): TypicalTotal | null {
  const quantity = typicalQuantityOf(issueSlug);
  if (!estimate || !quantity || estimate.costBreakdown.unit !== quantity.unit) return null;
  const { min, max } = estimate.costBreakdown.total;
  return {
    quantity: quantity.amount,
    unit: quantity.unit,
    estimatedCost: formatUsdRange(min * quantity.amount, max * quantity.amount),
  };
}

/**
 * The diagnosis story: clean the photos, let the engine choose the issue, price it with the
 * pricing engine (never the engine's words), keep the cleaned photos in the media store and the
 * whole answer in `diagnostics`.
 */
export function createDiagnosisService({ db, engine, pricing, media, photos }: DiagnosisServiceDeps) {
  /**
   * Stores cleaned photos, then hands them to `keep` (which writes the rows naming them). If storing
   * or `keep` fails, the photos stored so far are removed again: no file without a row.
   */
  async function storeCleaned<T>(
    images: readonly CleanImage[],
    keep: (stored: StoredMedia[]) => Promise<T>,
  ): Promise<T> {
    const stored: StoredMedia[] = [];
    try {
      for (const image of images) stored.push(await media.put(image.data, image.contentType));
      return await keep(stored);
    } catch (error) {
      await Promise.allSettled(stored.map((file) => media.remove(file.key)));
      throw error;
    }
  }

  return {
    /**
     * What the first diagnosis would otherwise build on the way: the pricing engine's reference data
     * (its first load) and one estimate. The engine builds its index and spelling dictionary when it
     * is created. Awaited at start-up before /readyz says ready, so the first homeowner waits for
     * nothing more than the next one.
     */
    async warmUp(): Promise<void> {
      const [first] = await pricing.listActiveIssues();
      if (first) await pricing.estimate({ issueSlug: first.issueSlug, urgency: 'routine' });
    },

    async diagnose(request: DiagnosisRequest): Promise<DiagnosisResponse> {
      // A photo too dark or too blurred to help is refused (422) before anything runs or is stored.
      const images = await cleanImages(request.imageUrls, { ...photos, requireUsable: true });
      const issues = await pricing.listActiveIssues();
      const result = await engine.diagnose({
        description: request.description,
        location: request.location,
        urgency: request.urgency,
        images,
        issues,
      });
      const priced = (issueSlug: string | null | undefined) =>
        result.isPlumbingRelated && issueSlug
          ? pricing.estimate({ issueSlug, zip: request.zip, urgency: request.urgency })
          : Promise.resolve(null);
      const [estimate, alternativeEstimate] = await Promise.all([
        priced(result.issueSlug),
        priced(result.alternative?.issueSlug),
      ]);

      const diagnosis: Omit<DiagnosisResponse, 'id'> = {
        isPlumbingRelated: result.isPlumbingRelated,
        severity: result.severity,
        issue: result.issue,
        issueSlug: result.isPlumbingRelated ? result.issueSlug : null,
        estimatedCost:
          estimate?.estimatedCost ?? (result.isPlumbingRelated ? PRICE_ON_INSPECTION : NOT_APPLICABLE_COST),
        costBreakdown: estimate?.costBreakdown ?? null,
        recommendedAction: result.recommendedAction,
        explanation: result.explanation,
        conclusionBasis: result.conclusionBasis,
        confidence: result.confidence,
        engine: result.engine,
        safety: result.safety,
        note: result.note ?? null,
        photoNote:
          images.length > 0 && !result.imagesAnalysed
            ? DIAGNOSIS_MESSAGES.photosNotAnalysed(images.length)
            : null,
        typicalTotal: result.issueSlug ? typicalTotalFor(result.issueSlug, estimate) : null,
        // Only an issue the catalogue prices: the pricing engine gives no estimate for a retired one.
        alternative:
          result.alternative && alternativeEstimate
            ? {
                issueSlug: result.alternative.issueSlug,
                issue: result.alternative.issue,
                estimatedCost: alternativeEstimate.estimatedCost,
                typicalTotal: typicalTotalFor(result.alternative.issueSlug, alternativeEstimate),
              }
            : null,
      };

      return storeCleaned(images, async (stored) => {
        const row = await insertDiagnostic(db, {
          description: request.description,
          location: request.location,
          urgency: request.urgency,
          imageUrls: stored.map((file) => file.url),
          aiDiagnosis: diagnosis,
        });
        return { id: row.id, ...diagnosis };
      });
    },

    /**
     * Photos from elsewhere (a homeowner's photos of a job), cleaned exactly like a diagnosis' —
     * checked by their bytes, re-encoded, metadata dropped, behind the same decode gate — then
     * stored and handed to `keep`, which writes the rows naming them. If `keep` fails, the stored
     * photos are removed again.
     */
    async cleanAndStorePhotos<T>(
      dataUrls: readonly string[],
      keep: (stored: StoredMedia[]) => Promise<T>,
    ): Promise<T> {
      return storeCleaned(await cleanImages(dataUrls, photos), keep);
    },

    /**
     * The stored photos of a diagnosis made at or after `since`, inside the caller's transaction
     * `tx`, which then writes the rows that keep them: the diagnosis row stays share-locked until
     * `tx` ends, so a retention sweep cannot remove them in between (docs/decisions/016-media-store.md).
     * An unknown or older diagnosis has none.
     */
    async photosOf(tx: Executor, diagnosisId: string, since: Date): Promise<StoredMedia[]> {
      const urls = (await lockRecentDiagnosisPhotos(tx, diagnosisId, since)) ?? [];
      return urls.flatMap((url) => {
        const key = mediaKeyFromUrl(url);
        return key ? [{ key, url }] : [];
      });
    },

    /** Whether a diagnosis still lists the photo: then the retention sweep decides when it goes. */
    isPhotoOfDiagnosis: (tx: Executor, url: string): Promise<boolean> => isPhotoListedByDiagnosis(tx, url),

    /** Removes a stored photo nothing names any more (idempotent). */
    async removeStoredPhoto(key: string): Promise<void> {
      await media.remove(key);
    },
  };
}

export type DiagnosisService = ReturnType<typeof createDiagnosisService>;
