import { describe, expect, it } from 'vitest';
import { createOfflineEngine } from './diagnosis.offline-engine';
import { adjustSeverity, evaluateSafety } from './diagnosis.safety';

const engine = createOfflineEngine();
const diagnose = (description: string, urgency: 'routine' | 'urgent' | 'emergency' = 'routine') =>
  engine.diagnose({ description, location: 'other', urgency, images: [], issues: [] });
const rules = (text: string) => evaluateSafety(text).map((m) => m.rule);

describe('safety rules', () => {
  it.each([
    'I smell gas near the stove',
    'there is a gas smell in the basement',
    'smells like gas by the water heater',
    'hissing noise from the gas line behind the dryer',
    'rotten egg smell in the hallway',
    'I think there is a leak in the gas pipe',
    'there is a smel of gas in the hallway',
    'we had a new gas line put in for the grill and now there is a gas smell outside',
    'the new gas dryer hookup hisses',
  ])('gas: "%s" → critical, gas-line issue, leave and call the utility', async (text) => {
    expect(rules(text)).toContain('gas');
    const result = await diagnose(text);
    expect(result).toMatchObject({
      isPlumbingRelated: true,
      issueSlug: 'gas-line-leak',
      severity: 'critical',
      confidence: 'high',
    });
    expect(result.safety).toMatchObject({ level: 'danger', title: 'Possible gas leak — leave now' });
    expect(result.safety!.message).toMatch(/call your gas utility/);
  });

  it.each([
    'my gas water heater is leaking water from the bottom',
    'sewer gas smell from the floor drain',
    'the gas water heater has no hot water',
    'the dishwasher hisses when it fills',
  ])('gas: no false alarm for "%s"', (text) => {
    expect(rules(text)).not.toContain('gas');
  });

  it.each([
    ['sewage is coming up through the basement floor drain', 'high'],
    ['raw sewage backing up into the shower', 'high'],
    ['when I flush, dirty water comes up in the bathtub', 'high'],
    ['sewage is flooding the basement and spreading onto the carpet', 'critical'],
  ] as const)('sewage: "%s" → %s, sewer backup, stop using water', async (text, severity) => {
    expect(rules(text)).toContain('sewage');
    const result = await diagnose(text);
    expect(result.issueSlug).toMatch(/^sewer-/);
    expect(result.severity).toBe(severity);
    expect(result.safety?.title).toBe('Sewage backup — stop using water');
  });

  it('sewage: the words the index reads as sewage count for the rule too', () => {
    expect(rules('poo is floating up through the shower drain')).toContain('sewage');
    expect(rules('feces backing up into the laundry sink')).toContain('sewage');
  });

  it('sewage: a sewer smell alone is not a backup', () => {
    expect(rules('there is a sewage smell in the bathroom')).not.toContain('sewage');
  });

  it.each([
    'water is dripping from the ceiling light in the kitchen',
    'the basement is flooded and the water is near the electrical panel',
    'water leaking into the outlet behind the washing machine',
  ])('water near electrics: "%s" → critical with power advice', async (text) => {
    expect(rules(text)).toContain('electrics');
    const result = await diagnose(text);
    expect(result.isPlumbingRelated).toBe(true);
    expect(result.severity).toBe('critical');
    expect(result.safety?.title).toBe('Water near electricity');
    // An emergency visit, unless the leak has its own urgent repair.
    expect(['emergency-repair', 'supply-line-hookup']).toContain(result.issueSlug);
  });

  it.each([
    'the electric water heater is not heating',
    'the breaker keeps tripping when I use the kettle',
    'bath plug is stuck',
  ])('water near electrics: no false alarm for "%s"', (text) => {
    expect(rules(text)).not.toContain('electrics');
  });

  it.each([
    'a pipe burst in the basement and water is spraying everywhere',
    'busted pipe under the kitchen sink',
    'water is gushing out of the pipe in the wall',
    'the pipe behind the toilet cracked and water is shooting out',
  ])('burst pipe: "%s" → critical, burst-pipe, shut the water off', async (text) => {
    expect(rules(text)).toContain('burst');
    const result = await diagnose(text);
    expect(result).toMatchObject({ issueSlug: 'burst-pipe', severity: 'critical' });
    expect(result.safety?.title).toBe('Shut off your water now');
    expect(result.safety?.message).toMatch(/main water shut-off valve/);
  });

  it('burst pipe: an appliance hose that bursts is a burst, and stays an appliance hose job', async () => {
    expect(rules('the washing machine hose burst and water is everywhere')).toContain('burst');
    const result = await diagnose('the dishwasher supply line burst under the sink');
    expect(result).toMatchObject({ issueSlug: 'supply-line-hookup', severity: 'critical' });
    expect(result.safety?.title).toBe('Shut off your water now');
    expect(rules('washer hoses are old, replace them before they burst some day')).not.toContain('burst');
  });

  it('burst pipe: a broken sewer pipe is not a pressurised burst', () => {
    expect(rules('the camera showed our clay sewer pipe is broken')).not.toContain('burst');
  });

  it.each([
    'pipes froze last night and no water comes out',
    "it's -10 outside and the kitchen faucet gives nothing",
    'after the cold night there is no water in the kitchen',
  ])('no water in a freeze: "%s" → high, frozen-pipe, know the shut-off', async (text) => {
    expect(rules(text)).toContain('freeze');
    const result = await diagnose(text);
    expect(result).toMatchObject({ issueSlug: 'frozen-pipe', severity: 'high' });
    expect(result.safety?.message).toMatch(/main water shut-off/);
  });

  it('a frozen pipe that burst is a burst', async () => {
    const result = await diagnose('the frozen pipe in the garage burst and no water reaches the kitchen');
    expect(result).toMatchObject({ issueSlug: 'burst-pipe', severity: 'critical' });
  });

  it('shower temperature swings are not a freeze', () => {
    expect(rules('the shower swings from scalding to freezing, no water pressure issue')).not.toContain(
      'freeze',
    );
  });

  it('rules win over urgency and the knowledge base', async () => {
    const result = await diagnose('slow kitchen drain, also I smell gas near the stove', 'routine');
    expect(result).toMatchObject({ issueSlug: 'gas-line-leak', severity: 'critical' });
  });

  it('urgency and alarming words raise, never lower', () => {
    expect(adjustSeverity('low', 'small drip', 'routine')).toBe('low');
    expect(adjustSeverity('low', 'small drip', 'urgent')).toBe('medium');
    expect(adjustSeverity('low', 'small drip', 'emergency')).toBe('high');
    expect(adjustSeverity('critical', 'small drip', 'routine')).toBe('critical');
    expect(adjustSeverity('low', 'water pouring out', 'routine')).toBe('medium');
    expect(adjustSeverity('high', 'water pouring out', 'routine')).toBe('high');
  });
});
