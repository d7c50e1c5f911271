import type { DiagnosisRequest } from '@shared/contracts/diagnosis';
import type { DiagnosisResponse } from '@shared/contracts/diagnosis';
import type { Database } from '../../db/client';
import type { MediaStore, StoredMedia } from '../../lib/media-store';
import type { PricingService } from '../pricing';
import type { DiagnosisEngine } from './diagnosis.engine';
import { cleanImages } from './diagnosis.images';
import { insertDiagnostic } from './diagnosis.repository';

export interface DiagnosisServiceDeps {
  db: Database;
  engine: DiagnosisEngine;
  pricing: PricingService;
  media: MediaStore;
  /**
   * Runs the photo decoding of one diagnosis: the per-process decode gate, so photos are decoded one
   * at a time and a flood is refused (503) instead of queueing without bound. Default: at once.
   */
  runDecoding?: <T>(task: () => Promise<T>) => Promise<T>;
}

/** estimatedCost when there is nothing to price. */
export const NOT_APPLICABLE_COST = 'Not applicable';
/** estimatedCost for a plumbing issue the catalogue cannot price (inactive item). */
export const PRICE_ON_INSPECTION = 'Priced on inspection';

/**
 * The diagnosis story: clean the photos, let the engine choose the issue, price it with the
 * pricing engine (never the engine's words), keep the cleaned photos in the media store and the
 * whole answer in `diagnostics`.
 */
export function createDiagnosisService({ db, engine, pricing, media, runDecoding }: DiagnosisServiceDeps) {
  return {
    async diagnose(request: DiagnosisRequest): Promise<DiagnosisResponse> {
      const images = await cleanImages(request.imageUrls, runDecoding);
      const issues = await pricing.listActiveIssues();
      const result = await engine.diagnose({
        description: request.description,
        location: request.location,
        urgency: request.urgency,
        images,
        issues,
      });
      const estimate =
        result.isPlumbingRelated && result.issueSlug
          ? await pricing.estimate({
              issueSlug: result.issueSlug,
              zip: request.zip,
              urgency: request.urgency,
            })
          : null;

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
      };

      const stored: StoredMedia[] = [];
      try {
        for (const image of images) stored.push(await media.put(image.data, image.contentType));
        const row = await insertDiagnostic(db, {
          description: request.description,
          location: request.location,
          urgency: request.urgency,
          imageUrls: stored.map((file) => file.url),
          aiDiagnosis: diagnosis,
        });
        return { id: row.id, ...diagnosis };
      } catch (error) {
        await Promise.allSettled(stored.map((file) => media.remove(file.key)));
        throw error;
      }
    },
  };
}

export type DiagnosisService = ReturnType<typeof createDiagnosisService>;
