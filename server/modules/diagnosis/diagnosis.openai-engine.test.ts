import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatCompletion, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai';
import type { CleanImage, EngineInput } from './diagnosis.engine';
import { createOfflineEngine } from './diagnosis.offline-engine';
import {
  createOpenAiEngine,
  modelAnswerSchema,
  redactPersonalData,
  stripPrices,
} from './diagnosis.openai-engine';

const ISSUES = [
  { issueSlug: 'leaky-faucet', issueName: 'Leaky Faucet Repair', category: 'Fixtures' },
  { issueSlug: 'clogged-drain', issueName: 'Clogged Drain', category: 'Drains' },
  { issueSlug: 'gas-line-leak', issueName: 'Gas Line Leak Repair', category: 'Gas' },
];
const GOOD = {
  issueSlug: 'leaky-faucet',
  severity: 'low',
  confidence: 'high',
  explanation: 'The cartridge inside the faucet is worn, so water seeps past it.',
  conclusionBasis: 'The description mentions a constant drip from the kitchen faucet.',
  recommendedAction: 'Close the valves under the sink if it gets worse and book a repair.',
};

let fake: FakeOpenAi;
const warnings: unknown[] = [];
const engine = (timeoutMs = 10_000) =>
  createOpenAiEngine({
    apiKey: 'test-key',
    baseUrl: fake.url,
    model: 'fake-model',
    timeoutMs,
    fallback: createOfflineEngine(),
    logger: { warn: (obj: unknown) => void warnings.push(obj) },
  });
const input = (description: string, images: CleanImage[] = []): EngineInput => ({
  description,
  location: 'kitchen',
  urgency: 'routine',
  images,
  issues: ISSUES,
});

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  warnings.length = 0;
});

describe('openai engine (real SDK against the fake server)', () => {
  it('uses a good answer: catalogue slug, the model texts, engine "openai"', async () => {
    fake.respond(() => ({ json: chatCompletion(GOOD) }));
    const result = await engine().diagnose(input('my kitchen faucet drips all night'));
    expect(result).toMatchObject({
      engine: 'openai',
      isPlumbingRelated: true,
      issueSlug: 'leaky-faucet',
      issue: 'Leaky faucet',
      severity: 'low',
      confidence: 'high',
      explanation: GOOD.explanation,
      conclusionBasis: GOOD.conclusionBasis,
      recommendedAction: GOOD.recommendedAction,
      safety: null,
    });
    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0].body;
    expect(body.model).toBe('fake-model');
    expect(body.max_completion_tokens).toBe(700);
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.properties.issueSlug.enum).toEqual([
      'leaky-faucet',
      'clogged-drain',
      'gas-line-leak',
      'not-plumbing',
    ]);
    expect(fake.requests[0].headers.authorization).toBe('Bearer test-key');
    // The homeowner's text goes only in the user message.
    expect(body.messages[0].content).not.toContain('drips all night');
    expect(body.messages[1].content[0].text).toContain('my kitchen faucet drips all night');
  });

  it.each([
    // The answer would come long after the timeout: falling back at all proves the call was abandoned.
    ['a timeout', () => ({ json: chatCompletion(GOOD), delayMs: 30_000 }), 1, /Timeout|Abort/],
    [
      '429, after one retry',
      () => ({
        status: 429,
        json: { error: { message: 'rate limited' } },
        headers: { 'retry-after-ms': '10' },
      }),
      2,
      /429/,
    ],
    [
      '500, after one retry',
      () => ({ status: 500, json: { error: { message: 'boom' } }, headers: { 'retry-after-ms': '10' } }),
      2,
      /500/,
    ],
    [
      'invalid JSON',
      () => ({ json: chatCompletion('{"issueSlug": "leaky-faucet", "severity": ') }),
      1,
      /^invalid JSON$/,
    ],
    [
      'an unknown slug',
      () => ({ json: chatCompletion({ ...GOOD, issueSlug: 'roof-repair' }) }),
      1,
      /^unknown issue slug$/,
    ],
    [
      'a refusal',
      () => ({ json: chatCompletion(null, { refusal: 'I cannot help with that.' }) }),
      1,
      /^refusal$/,
    ],
    [
      'a truncated answer',
      () => ({ json: chatCompletion('{"issueSlug":"leaky-fau', { finishReason: 'length' }) }),
      1,
      /^invalid JSON$/,
    ],
    ['a broken HTTP body', () => ({ raw: 'not json at all' }), 1, /.+/],
  ] as const)('falls back to the offline engine on %s', async (label, reply, calls, reason) => {
    fake.respond(reply);
    // Only the timeout case may time out: on a busy machine a short limit would abort the others too.
    const result = await engine(label === 'a timeout' ? 400 : 10_000).diagnose(
      input('my kitchen faucet drips all night'),
    );
    expect(result.engine).toBe('offline');
    expect(result.issueSlug).toBe('leaky-faucet');
    expect(fake.requests).toHaveLength(calls);
    expect(warnings).toHaveLength(1);
    expect((warnings[0] as { reason: string }).reason).toMatch(reason);
  });

  it('falls back when nothing listens at the base URL', async () => {
    const dead = createOpenAiEngine({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      timeoutMs: 500,
      fallback: createOfflineEngine(),
    });
    expect((await dead.diagnose(input('kitchen sink is clogged'))).engine).toBe('offline');
  });

  it('drops any price the model writes', async () => {
    fake.respond(() => ({
      json: chatCompletion({
        ...GOOD,
        explanation: 'The cartridge is worn. This usually costs $45 to fix. It is an easy repair.',
        recommendedAction: 'Expect to pay 300 dollars.',
      }),
    }));
    const result = await engine().diagnose(input('my kitchen faucet drips all night'));
    expect(result.engine).toBe('openai');
    expect(result.explanation).toBe('The cartridge is worn. It is an easy repair.');
    expect(result.recommendedAction).not.toMatch(/\$|dollar/);
  });

  it('keeps the safety rules in force over the model', async () => {
    fake.respond(() => ({ json: chatCompletion({ ...GOOD, issueSlug: 'clogged-drain', severity: 'low' }) }));
    const result = await engine().diagnose(input('slow sink and I smell gas near the stove'));
    expect(result).toMatchObject({ engine: 'openai', issueSlug: 'gas-line-leak', severity: 'critical' });
    expect(result.safety?.title).toBe('Possible gas leak — leave now');
  });

  it('accepts the model saying not plumbing', async () => {
    fake.respond(() => ({
      json: chatCompletion({
        ...GOOD,
        issueSlug: 'not-plumbing',
        severity: 'medium',
        explanation: 'This is a car problem.',
      }),
    }));
    const result = await engine().diagnose(input('my car brakes squeal'));
    expect(result).toMatchObject({
      engine: 'openai',
      isPlumbingRelated: false,
      issueSlug: null,
      severity: 'low',
    });
  });

  it('sends cleaned photos as data URLs and no personal data', async () => {
    fake.respond(() => ({ json: chatCompletion(GOOD) }));
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    await engine().diagnose(
      input(
        'faucet drips. Call me on (512) 555-0199 or jo@example.com, 12 Oak Street, Austin TX 78701-1234',
        [{ data: jpeg, contentType: 'image/jpeg', width: 40, height: 30 }],
      ),
    );
    const content = fake.requests[0].body.messages[1].content;
    expect(content[1]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}`, detail: 'auto' },
    });
    expect(content[0].text).not.toMatch(/555-0199|jo@example\.com|Oak Street|78701/);
    expect(content[0].text).toContain('[phone]');
  });
});

describe('openai engine helpers', () => {
  it('builds a schema that refuses unknown slugs', () => {
    const schema = modelAnswerSchema(['leaky-faucet']);
    expect(schema.safeParse(GOOD).success).toBe(true);
    expect(schema.safeParse({ ...GOOD, issueSlug: 'roof' }).success).toBe(false);
    expect(schema.safeParse({ ...GOOD, issueSlug: 'not-plumbing' }).success).toBe(true);
  });

  it('redacts contact details and strips prices', () => {
    expect(redactPersonalData('mail a.b+c@mail.example.org now')).toBe('mail [email] now');
    expect(redactPersonalData('call 512.555.0199')).toBe('call [phone]');
    expect(stripPrices('It costs $80.')).toBeUndefined();
    expect(stripPrices('Fine. About 50 USD. Done!')).toBe('Fine. Done!');
  });
});
