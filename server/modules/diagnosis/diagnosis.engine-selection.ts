import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import type { ModelCallBudget } from './diagnosis.call-budget';
import type { DiagnosisEngine } from './diagnosis.engine';
import { createOfflineEngine } from './diagnosis.offline-engine';
import { createOpenAiEngine } from './diagnosis.openai-engine';

/**
 * OpenAI when OPENAI_API_KEY is set and the daily budget is not 0 (falling back to offline on any
 * failure, and once the day's budget is spent), else offline.
 */
export function selectDiagnosisEngine(
  openai: Config['openai'],
  logger?: Pick<Logger, 'warn'>,
  callBudget?: ModelCallBudget,
): DiagnosisEngine {
  const offline = createOfflineEngine();
  if (!openai.apiKey || openai.dailyCallBudget === 0) return offline;
  return createOpenAiEngine({
    apiKey: openai.apiKey,
    baseUrl: openai.baseUrl,
    model: openai.model,
    timeoutMs: openai.timeoutMs,
    fallback: offline,
    logger,
    callBudget,
  });
}
