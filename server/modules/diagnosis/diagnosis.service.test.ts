import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import type { MediaStore } from '../../lib/media-store';
import type { PricingService } from '../pricing';
import type { PhotoDecoder } from './diagnosis.decoder';
import type { DiagnosisEngine } from './diagnosis.engine';
import { warmUpJsonBodies } from './diagnosis.routes';
import { createDiagnosisService } from './diagnosis.service';

describe('diagnosis service warm-up (awaited at start-up, before /readyz says ready)', () => {
  it('loads the pricing reference data and prices one issue, without asking the engine', async () => {
    const pricing = {
      listActiveIssues: vi.fn(async () => [
        { issueSlug: 'clogged-drain', issueName: 'Clogged Drain', category: 'drain' },
        { issueSlug: 'leaky-faucet', issueName: 'Leaky Faucet', category: 'fixture' },
      ]),
      estimate: vi.fn(async () => null),
    } as unknown as PricingService;
    // An OpenAI engine would be a paid model call: the warm-up never diagnoses.
    const engine = { name: 'openai', diagnose: vi.fn() } as unknown as DiagnosisEngine;
    const service = createDiagnosisService({
      db: {} as Database,
      engine,
      pricing,
      media: {} as MediaStore,
      photos: { decoder: {} as PhotoDecoder },
    });
    await service.warmUp();
    expect(pricing.listActiveIssues).toHaveBeenCalledTimes(1);
    expect(pricing.estimate).toHaveBeenCalledWith({ issueSlug: 'clogged-drain', urgency: 'routine' });
    expect(engine.diagnose).not.toHaveBeenCalled();
  });
});

describe('warmUpJsonBodies (awaited at start-up with the service warm-up)', () => {
  it('parses a JSON body through express.json, so the first request finds the parser loaded', async () => {
    expect(await warmUpJsonBodies()).toBe(true);
  });
});
