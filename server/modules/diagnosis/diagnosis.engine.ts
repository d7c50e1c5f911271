import type { DiagnosisLocation, Severity, Urgency } from '@shared/constants';
import type { SafetyNotice } from '@shared/contracts/diagnosis';
import { CONFIDENCE_LEVELS, DIAGNOSIS_ENGINES } from '@shared/contracts/diagnosis';

export type Confidence = (typeof CONFIDENCE_LEVELS)[number];
export type EngineName = (typeof DIAGNOSIS_ENGINES)[number];

/** A photo after cleaning: re-encoded, metadata stripped, long edge ≤ 1568 px. */
export interface CleanImage {
  data: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/** An active catalogue issue the engine may choose. */
export interface CatalogIssue {
  issueSlug: string;
  issueName: string;
  category: string;
}

export interface EngineInput {
  description: string;
  location: DiagnosisLocation;
  urgency: Urgency;
  images: readonly CleanImage[];
  /** The active catalogue: engines choose only among these slugs. */
  issues: readonly CatalogIssue[];
}

/** What an engine concludes. The price is added afterwards by the pricing engine, never by an engine. */
export interface EngineResult {
  engine: EngineName;
  isPlumbingRelated: boolean;
  issueSlug: string | null;
  issue: string;
  severity: Severity;
  recommendedAction: string;
  explanation: string;
  conclusionBasis: string;
  confidence: Confidence;
  safety: SafetyNotice | null;
  /** Shown to the homeowner when they should know why this engine answered. */
  note?: string | null;
  /** A close second choice ("could also be …"), priced like the answer by the pricing engine. */
  alternative?: { issueSlug: string; issue: string } | null;
  /** The engine looked at the photos (a vision model); absent when it read the description only. */
  imagesAnalysed?: boolean;
}

export interface DiagnosisEngine {
  readonly name: EngineName;
  diagnose(input: EngineInput): Promise<EngineResult>;
}

export const NOT_PLUMBING_SLUG = 'not-plumbing';
