import type { NewModifier } from '@shared/schema';

type ModifierSeed = Pick<NewModifier, 'key' | 'name' | 'description'> & {
  /** 'multiplier' scales the price; 'flat' adds an amount in USD. */
  type: 'multiplier' | 'flat';
  valuesJson: Record<string, number>;
};

/** Price modifiers applied on top of the regional base range by the pricing engine. */
export const MODIFIERS: readonly ModifierSeed[] = [
  {
    key: 'urgency',
    type: 'multiplier',
    name: 'Urgency',
    description:
      'Routine work is scheduled; urgent means within 24 hours; emergency means immediate dispatch.',
    valuesJson: { routine: 1, urgent: 1.25, emergency: 1.75 },
  },
  {
    key: 'after_hours',
    type: 'multiplier',
    name: 'After hours',
    description: 'Work starting before 8 am or after 5 pm on a weekday.',
    valuesJson: { multiplier: 1.5 },
  },
  {
    key: 'weekend',
    type: 'multiplier',
    name: 'Weekend',
    description: 'Work on a Saturday, Sunday or public holiday.',
    valuesJson: { multiplier: 1.25 },
  },
  {
    key: 'difficult_access',
    type: 'multiplier',
    name: 'Difficult access',
    description: 'Pipes in a crawlspace or attic, or behind a finished wall or ceiling.',
    valuesJson: { multiplier: 1.2 },
  },
  {
    key: 'permit_required',
    type: 'flat',
    name: 'Permit required',
    description:
      'Local plumbing permit and inspection (water heaters, gas lines, sewer and water service lines).',
    valuesJson: { amount: 150 },
  },
  {
    key: 'older_home',
    type: 'multiplier',
    name: 'Older home',
    description:
      'Homes built before 1970: galvanized or cast-iron pipe, seized valves, non-standard fittings.',
    valuesJson: { multiplier: 1.1 },
  },
  {
    key: 'multi_story',
    type: 'multiplier',
    name: 'Multi-story access',
    description: 'Work on a second floor or above, or running lines between floors.',
    valuesJson: { multiplier: 1.1 },
  },
];
