import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import type { DiagnosisEngine } from './diagnosis.engine';
import { createOfflineEngine } from './diagnosis.offline-engine';
import { createOpenAiEngine } from './diagnosis.openai-engine';

/** OpenAI when OPENAI_API_KEY is set (falling back to offline on any failure), else offline. */
export function selectDiagnosisEngine(
  openai: Config['openai'],
  logger?: Pick<Logger, 'warn'>,
): DiagnosisEngine {
  const offline = createOfflineEngine();
  if (!openai.apiKey) return offline;
  return createOpenAiEngine({
    apiKey: openai.apiKey,
    baseUrl: openai.baseUrl,
    model: openai.model,
    timeoutMs: openai.timeoutMs,
    fallback: offline,
    logger,
  });
}
